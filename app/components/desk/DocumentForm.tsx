import { Form } from "@remix-run/react";
import { FieldError, Input } from "~/components/ui/Field";
import { Stack } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { StatusButton } from "~/components/ui/StatusButton";
import { errorsFor, type CatalogueResult } from "./CatalogueForms";

export interface DocumentPlaceOption {
  categoryId: number;
  categoryName: string;
  questions: { id: number; name: string }[];
}

export interface DocumentValues {
  id?: number;
  category_id: number | null;
  question_id: number | null;
  title: string;
  content: string;
}

const Select = styled("select", {
  height: "$control",
  border: "1px solid $border",
  borderRadius: "$sm",
  padding: "0 $2",
});
const TextArea = styled("textarea", {
  width: "100%",
  minHeight: 160,
  padding: "$2",
  border: "1px solid $border",
  borderRadius: "$sm",
  fontFamily: "$body",
  fontSize: "$md",
});
const Label = styled("label", { display: "flex", flexDirection: "column", gap: "$1" });

/**
 * Create or edit one self-help document: its category, optionally one question
 * of it ("整个分类" otherwise), a title and markdown content. Refusals show
 * beside their fields (分类不存在, 问题不存在, 文档不存在).
 */
export function DocumentForm({
  intent,
  places,
  initial,
  result,
  button,
}: {
  intent: "create-document" | "update-document";
  places: DocumentPlaceOption[];
  initial: DocumentValues;
  result: CatalogueResult | undefined;
  button: string;
}) {
  const mine = errorsFor(result, intent, initial.id);
  const v = (name: keyof DocumentValues) => mine?.values[name] ?? String(initial[name] ?? "");
  const err = (name: string) => mine?.fieldErrors[name] ?? null;
  const prefix = `${intent}-${initial.id ?? "new"}`;
  return (
    <Form method="post" noValidate>
      <Stack>
        {initial.id !== undefined && <input type="hidden" name="id" value={initial.id} />}
        {(mine?.formError || err("id")) && <FieldError role="alert">{mine?.formError ?? err("id")}</FieldError>}
        <Label>
          分类
          <Select
            name="category_id"
            defaultValue={v("category_id")}
            aria-invalid={err("category_id") ? true : undefined}
            aria-describedby={err("category_id") ? `${prefix}-category_id-error` : undefined}
          >
            <option value="">请选择分类</option>
            {places.map((p) => (
              <option key={p.categoryId} value={p.categoryId}>
                {p.categoryName}
              </option>
            ))}
          </Select>
          <FieldError id={`${prefix}-category_id-error`} role={err("category_id") ? "alert" : undefined}>
            {err("category_id") ?? ""}
          </FieldError>
        </Label>
        <Label>
          问题
          <Select
            name="question_id"
            defaultValue={v("question_id")}
            aria-invalid={err("question_id") ? true : undefined}
            aria-describedby={err("question_id") ? `${prefix}-question_id-error` : undefined}
          >
            <option value="">整个分类</option>
            {places.map((p) => (
              <optgroup key={p.categoryId} label={p.categoryName}>
                {p.questions.map((q) => (
                  <option key={q.id} value={q.id}>
                    {q.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
          <FieldError id={`${prefix}-question_id-error`} role={err("question_id") ? "alert" : undefined}>
            {err("question_id") ?? ""}
          </FieldError>
        </Label>
        <Label htmlFor={`${prefix}-title`}>
          标题
          <Input
            id={`${prefix}-title`}
            name="title"
            maxLength={100}
            defaultValue={v("title")}
            aria-invalid={err("title") ? true : undefined}
            aria-describedby={err("title") ? `${prefix}-title-error` : undefined}
          />
          <FieldError id={`${prefix}-title-error`} role={err("title") ? "alert" : undefined}>
            {err("title") ?? ""}
          </FieldError>
        </Label>
        <Label htmlFor={`${prefix}-content`}>
          内容（Markdown）
          <TextArea
            id={`${prefix}-content`}
            name="content"
            maxLength={20_000}
            defaultValue={mine ? (mine.values.content ?? initial.content) : initial.content}
            aria-invalid={err("content") ? true : undefined}
            aria-describedby={err("content") ? `${prefix}-content-error` : undefined}
          />
          <FieldError id={`${prefix}-content-error`} role={err("content") ? "alert" : undefined}>
            {err("content") ?? ""}
          </FieldError>
        </Label>
        <div>
          <StatusButton intent={intent}>{button}</StatusButton>
        </div>
      </Stack>
    </Form>
  );
}
