import { Link, useFetcher } from "@remix-run/react";
import type { InstanceWire } from "~/upstream/instances.server";
import { gpuNoticePath, migrateInstancePath, startWithoutGpuPath, type InstanceListPath } from "~/utils/console-paths";
import { allowedIntents, INTENT_LABELS } from "~/utils/instance-text";
import { hostFullOffers, type HostFullOffers } from "~/utils/host-full-offer";
import { FieldError } from "../ui/Field";
import { Row } from "../ui/layout";
import { Button } from "../ui/Button";
import { ReleaseInstance } from "./ReleaseInstance";
import { StopWithRefund } from "./StopWithRefund";

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
 * confirmation. Each row posts through its own fetcher (a plain form without
 * JavaScript), so only its own button shows it is working, and a refusal
 * shows beside it: the fetcher's answer, or the page's action data. A start
 * refused for a full host offers a start without GPU and, when another host
 * has room, the migration (`hostFull`: the page's action data said so;
 * decision 086).
 */
export function InstanceActions({
  instance,
  error,
  hostFull = null,
  from,
}: {
  instance: InstanceWire;
  error: string | null;
  hostFull?: HostFullOffers | null;
  /** The list these actions are shown in: releasing or ending goes back to it (the dashboard by default). */
  from?: InstanceListPath;
}) {
  const fetcher = useFetcher<InstanceActionOutcome>({ key: `instance-actions-${instance.InstanceUuid}` });
  const intents = allowedIntents(instance);
  const busy = fetcher.state !== "idle";
  const pending = busy ? fetcher.formData?.get("intent") : null;
  const shown = outcomeError(fetcher.data, instance.InstanceUuid) ?? error;
  const offers = fetcher.data ? hostFullOffers(fetcher.data, instance.InstanceUuid) : hostFull;
  return (
    <div>
      <Row css={{ gap: "$2" }}>
        <fetcher.Form method="post">
          <input type="hidden" name="instance_uuid" value={instance.InstanceUuid} />
          <Row css={{ gap: "$2" }}>
            {intents
              .filter((i) => i !== "release")
              .map((i) => (
                <Button
                  key={i}
                  type="submit"
                  name="intent"
                  value={i}
                  size="sm"
                  variant={i === "start" ? "primary" : "secondary"}
                  disabled={busy}
                  aria-busy={pending === i || undefined}
                >
                  {pending === i ? "提交中…" : INTENT_LABELS[i]}
                </Button>
              ))}
          </Row>
        </fetcher.Form>
        {intents.includes("release") && instance.BillingMode !== "hour" && (
          <StopWithRefund uuid={instance.InstanceUuid} from={from} />
        )}
        {intents.includes("release") && (
          <ReleaseInstance
            uuid={instance.InstanceUuid}
            name={instance.Name}
            billingMode={instance.BillingMode}
            from={from}
          />
        )}
      </Row>
      {shown && (
        <FieldError role="alert" data-testid="instance-action-error">
          {shown}
          {offers?.migrate && (
            <>
              {" "}
              <Link to={migrateInstancePath(instance.InstanceUuid)} data-testid="migrate-offer">
                迁移到有空闲GPU的主机
              </Link>
            </>
          )}
          {offers?.startWithoutGpu && (
            <>
              {" "}
              <Link to={startWithoutGpuPath(instance.InstanceUuid)} data-testid="no-gpu-offer">
                无卡模式开机
              </Link>
            </>
          )}
          {offers?.gpuNotice && (
            <>
              {" "}
              <Link to={gpuNoticePath(instance.InstanceUuid)} data-testid="gpu-notice-offer">
                空闲时通知我
              </Link>
            </>
          )}
        </FieldError>
      )}
    </div>
  );
}
