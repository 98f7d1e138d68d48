import { Form, Link, useFetcher } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { releaseInstancePath, stopWithRefundPath, type InstanceListPath } from "~/utils/console-paths";
import type { BillingModeWire } from "~/upstream/instances.server";
import { survivalRow } from "../../../platform/rules/instance-survival";
import { Button, ButtonLink } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Field, FieldError } from "../ui/Field";
import { Row } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { SurvivalFacts } from "./Survival";

/** What releasing asks, on the dialog and on the confirm page alike: what survives it, then the name. */
export function ReleaseQuestion({
  uuid,
  name,
  billingMode,
}: {
  uuid: string;
  name: string;
  billingMode: BillingModeWire;
}) {
  return (
    <>
      <SurvivalFacts row={survivalRow("release")} />
      {billingMode !== "hour" && (
        <p data-testid="release-no-refund">
          这是预付套餐实例：提前释放<strong>不退还</strong>剩余时长的费用。要退还未使用的整天，请
          <Link to={stopWithRefundPath(uuid)} data-testid="release-refund-link">
            提前结束套餐并退款
          </Link>
          。
        </p>
      )}
      <p>
        释放后实例「{name}」的系统盘和数据盘将被删除且无法恢复，GPU 将归还主机。请输入实例名称 <strong>{name}</strong>{" "}
        以确认释放。
      </p>
    </>
  );
}

/** What the confirm page's action answers when it does not release. */
interface ReleaseOutcome {
  fieldErrors: Record<string, string>;
  formError: string | null;
}

/**
 * The type-the-name form: it posts to the confirm page, from that page or,
 * through a fetcher, from the dialog (which then shows the refusal itself).
 */
export function ReleaseForm({
  uuid,
  from,
  cancel,
  error,
  typed,
  FormComponent = Form,
}: {
  uuid: string;
  /** The list to go back to once released (the dashboard by default). */
  from?: InstanceListPath;
  cancel: ReactNode;
  error?: string | null;
  typed?: string;
  FormComponent?: typeof Form;
}) {
  const action = releaseInstancePath(uuid, from);
  return (
    <FormComponent method="post" action={action}>
      <input type="hidden" name="instance_uuid" value={uuid} />
      <Field label="实例名称" name="confirm_name" autoComplete="off" defaultValue={typed} error={error} />
      <Row>
        <StatusButton intent="release" formAction={action} variant="danger" pendingText="释放中…">
          确认释放
        </StatusButton>
        {cancel}
      </Row>
    </FormComponent>
  );
}

/**
 * The release button of an instance: with JavaScript a dialog that asks for
 * the name; without, a link to the confirm page, which asks the same.
 */
export function ReleaseInstance({
  uuid,
  name,
  billingMode,
  from,
}: {
  uuid: string;
  name: string;
  billingMode: BillingModeWire;
  from?: InstanceListPath;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ReleaseOutcome>();
  if (!hydrated) {
    return (
      <ButtonLink as={Link} to={releaseInstancePath(uuid, from)} variant="secondary" size="sm">
        释放
      </ButtonLink>
    );
  }
  return (
    <>
      <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(true)}>
        释放
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="释放实例">
        <ReleaseQuestion uuid={uuid} name={name} billingMode={billingMode} />
        {fetcher.data?.formError && <FieldError role="alert">{fetcher.data.formError}</FieldError>}
        <ReleaseForm
          uuid={uuid}
          from={from}
          FormComponent={fetcher.Form}
          error={fetcher.data?.fieldErrors.confirm_name}
          cancel={
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              取消
            </Button>
          }
        />
      </Dialog>
    </>
  );
}
