import { Form } from "@remix-run/react";
import type { InstanceWire } from "~/upstream/instances.server";
import { allowedIntents, INTENT_LABELS } from "~/utils/instance-text";
import { FieldError } from "../ui/Field";
import { Row } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { ReleaseInstance } from "./ReleaseInstance";

/** What an action answered for one instance (the page's action data, matched by its uuid). */
export interface InstanceActionOutcome {
  formError: string | null;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/** The refusal of the last action on this instance, if that is what the action data is about. */
export function outcomeError(outcome: InstanceActionOutcome | null | undefined, uuid: string): string | null {
  if (!outcome || outcome.values.instance_uuid !== uuid) return null;
  return outcome.formError ?? Object.values(outcome.fieldErrors)[0] ?? null;
}

/**
 * An instance's actions (issue 12 §4): 开机, 关机, 重启 (hourly) as POST forms
 * with an intent to the page's own action, and 释放 through the type-the-name
 * confirmation. A refusal shows beside them.
 */
export function InstanceActions({ instance, error }: { instance: InstanceWire; error: string | null }) {
  const intents = allowedIntents(instance);
  return (
    <div>
      <Row css={{ gap: "$2" }}>
        <Form method="post">
          <input type="hidden" name="instance_uuid" value={instance.InstanceUuid} />
          <Row css={{ gap: "$2" }}>
            {intents
              .filter((i) => i !== "release")
              .map((i) => (
                <StatusButton key={i} intent={i} size="sm" variant={i === "start" ? "primary" : "secondary"}>
                  {INTENT_LABELS[i]}
                </StatusButton>
              ))}
          </Row>
        </Form>
        {intents.includes("release") && <ReleaseInstance uuid={instance.InstanceUuid} name={instance.Name} />}
      </Row>
      {error && (
        <FieldError role="alert" data-testid="instance-action-error">
          {error}
        </FieldError>
      )}
    </div>
  );
}
