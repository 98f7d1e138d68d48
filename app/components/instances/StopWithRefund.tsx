import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { StopRefundPreviewWire } from "~/upstream/refund.server";
import { formatDateTime } from "~/utils/format";
import { stopWithRefundPath, type InstanceListPath } from "~/utils/console-paths";
import { survivalRow } from "../../../platform/rules/instance-survival";
import { formatWireMoney } from "../../../platform/rules/money";
import { Button, ButtonLink } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Field, FieldError } from "../ui/Field";
import { Muted, Price, Row, Table } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { TableScroll } from "../ui/TableScroll";
import { SurvivalFacts } from "./Survival";

/** What the confirm page's loader answers (and the dialog loads): the preview, or why there is none. */
export interface StopWithRefundPageData {
  uuid: string;
  name: string;
  preview: StopRefundPreviewWire | null;
  /** Why the package cannot be ended with a refund now (hourly, expired, transitional state). */
  refusal: string | null;
}

/** What the confirm page's action answers when it does not end the package. */
interface StopWithRefundOutcome {
  fieldErrors: Record<string, string>;
  formError: string | null;
}

const hours = (seconds: number) => `${Math.round((seconds / 3600) * 100) / 100} 小时`;

/** The rule, each paid order's part, the refund by wallet, and what survives (the release row). */
export function RefundQuestion({ name, preview }: { name: string; preview: StopRefundPreviewWire }) {
  return (
    <>
      <SurvivalFacts row={survivalRow("release")} />
      <p data-testid="refund-rule">{preview.Rule}</p>
      <p>
        套餐到期时间 {formatDateTime(preview.PackageExpiresAt)}，未使用的整天：<strong>{preview.UnusedDays} 天</strong>
        {preview.UnusedDays > 0 && <>（{formatDateTime(preview.RefundFrom)} 起）</>}。
      </p>
      {preview.Lines.length > 0 && (
        <TableScroll label="各订单的退款" minWidth={640}>
          <Table>
            <thead>
              <tr>
                <th>订单</th>
                <th>已付时长</th>
                <th>未用整天</th>
                <th>未用部分折后金额</th>
                <th>优惠券抵扣（不退）</th>
                <th>退款</th>
              </tr>
            </thead>
            <tbody>
              {preview.Lines.map((l) => (
                <tr key={l.OrderNo}>
                  <td>{l.OrderNo}</td>
                  <td>{hours(l.PeriodSeconds)}</td>
                  <td>{hours(l.UnusedSeconds)}</td>
                  <td>{formatWireMoney(l.UnusedValue)}</td>
                  <td>{formatWireMoney(l.CouponSaving)}</td>
                  <td>{formatWireMoney(l.Refund)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      <p data-testid="refund-total">
        退款合计 <Price>{formatWireMoney(preview.Refund)}</Price>：退回算力券 {formatWireMoney(preview.RefundVoucher)}，
        退回余额 {formatWireMoney(preview.RefundCash)}。
      </p>
      <p>
        <Muted data-testid="refund-explanation">{preview.Explanation}</Muted>
      </p>
      <p>
        确认后套餐立即结束，实例「{name}」随即释放：系统盘和数据盘将被删除且无法恢复，GPU 将归还主机。请输入实例名称{" "}
        <strong>{name}</strong> 以确认。
      </p>
    </>
  );
}

/** The type-the-name form with the refund shown: it posts to the confirm page, from that page or from the dialog. */
export function RefundForm({
  uuid,
  from,
  refundFen,
  cancel,
  error,
  typed,
  FormComponent = Form,
}: {
  uuid: string;
  /** The list to go back to once ended (the dashboard by default). */
  from?: InstanceListPath;
  refundFen: number;
  cancel: ReactNode;
  error?: string | null;
  typed?: string;
  FormComponent?: typeof Form;
}) {
  const action = stopWithRefundPath(uuid, from);
  return (
    <FormComponent method="post" action={action}>
      <input type="hidden" name="instance_uuid" value={uuid} />
      <input type="hidden" name="expected_refund_fen" value={refundFen} />
      <Field label="实例名称" name="confirm_name" autoComplete="off" defaultValue={typed} error={error} />
      <Row>
        <StatusButton intent="stop_with_refund" formAction={action} variant="danger" pendingText="提交中…">
          确认结束并退款
        </StatusButton>
        {cancel}
      </Row>
    </FormComponent>
  );
}

/** The dialog's body: the preview it loaded from the confirm page, then the form. */
function RefundDialogBody({ uuid, from, close }: { uuid: string; from?: InstanceListPath; close: () => void }) {
  const page = useFetcher<StopWithRefundPageData>();
  const sent = useFetcher<StopWithRefundOutcome>();
  const load = page.load;
  useEffect(() => {
    load(stopWithRefundPath(uuid));
  }, [load, uuid]);
  const shown = page.data;
  if (!shown) return <p role="status">正在计算退款…</p>;
  if (!shown.preview) return <p role="alert">{shown.refusal}</p>;
  return (
    <>
      <RefundQuestion name={shown.name} preview={shown.preview} />
      {sent.data?.formError && <FieldError role="alert">{sent.data.formError}</FieldError>}
      <RefundForm
        uuid={uuid}
        from={from}
        refundFen={shown.preview.RefundFen}
        FormComponent={sent.Form}
        error={sent.data?.fieldErrors.confirm_name}
        cancel={
          <Button type="button" variant="secondary" onClick={close}>
            取消
          </Button>
        }
      />
    </>
  );
}

/**
 * 提前结束并退款 for a package instance: with JavaScript a dialog that shows the
 * refund and asks for the name; without, a link to the confirm page, which does the same.
 */
export function StopWithRefund({ uuid, from }: { uuid: string; from?: InstanceListPath }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <ButtonLink as={Link} to={stopWithRefundPath(uuid, from)} variant="secondary" size="sm">
        提前结束并退款
      </ButtonLink>
    );
  }
  return (
    <>
      <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(true)}>
        提前结束并退款
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="提前结束套餐并退款">
        {open && <RefundDialogBody uuid={uuid} from={from} close={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
