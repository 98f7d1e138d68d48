import type { Form as RemixForm } from "@remix-run/react";
import { FieldError, Select, TextArea } from "~/components/ui/Field";
import { Stack } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import type { ActionResult } from "~/utils/action.server";
import { QUESTION_IDS, QUESTIONNAIRE, SUGGESTION_MAX } from "../../../platform/rules/raffle-questionnaire";

/** The questions as native selects (they post without JavaScript); each error beside its question. */
export function QuestionnaireForm({ form: Form, result }: { form: typeof RemixForm; result: ActionResult | null }) {
  const values = result?.values ?? {};
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post">
      <Stack>
        {result?.formError && <p role="alert">{result.formError}</p>}
        {QUESTION_IDS.map((id) => (
          <div key={id}>
            <label htmlFor={`q-${id}`}>{QUESTIONNAIRE[id].label}</label>
            <div>
              <Select
                id={`q-${id}`}
                name={id}
                defaultValue={values[id] ?? ""}
                aria-invalid={errors[id] ? true : undefined}
                aria-describedby={`q-${id}-error`}
              >
                <option value="">请选择</option>
                {Object.entries(QUESTIONNAIRE[id].options).map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </Select>
            </div>
            <FieldError id={`q-${id}-error`}>{errors[id] ?? ""}</FieldError>
          </div>
        ))}
        <div>
          <label htmlFor="q-suggestion">{`您对平台还有什么建议？（选填，最多 ${SUGGESTION_MAX} 字）`}</label>
          <TextArea
            id="q-suggestion"
            name="suggestion"
            defaultValue={values.suggestion ?? ""}
            aria-invalid={errors.suggestion ? true : undefined}
          />
          <FieldError>{errors.suggestion ?? ""}</FieldError>
        </div>
        <div>
          <StatusButton intent="answer">提交问卷</StatusButton>
        </div>
      </Stack>
    </Form>
  );
}
