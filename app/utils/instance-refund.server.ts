import { z } from "zod";
import type { StopWithRefundPageData } from "~/components/instances/StopWithRefund";
import { getInstanceDetail } from "~/upstream/instances.server";
import { previewStopRefund, stopInstanceWithRefund, type StopWithRefundWire } from "~/upstream/refund.server";
import { UpstreamError } from "~/upstream/transport.server";
import { formatWireMoney } from "../../platform/rules/money";
import { STATE_LABELS } from "./instance-text";

const STALE = "请求有误，请刷新页面后重试";

/** The stop-with-refund form: the instance, its typed name, and the refund the page showed (fen). */
export const StopWithRefundSchema = z.object({
  instance_uuid: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{1,64}$/, STALE),
  confirm_name: z.string({ required_error: "请输入实例名称以确认释放" }).trim().min(1, "请输入实例名称以确认释放"),
  expected_refund_fen: z.coerce.number({ invalid_type_error: STALE }).int(STALE).min(0, STALE),
});

/** Ends the package with the refund the page showed; a name that does not match is shown beside its field. */
export async function stopWithRefundConfirmed(token: string, input: z.infer<typeof StopWithRefundSchema>) {
  try {
    return await stopInstanceWithRefund(token, input.instance_uuid, input.confirm_name, input.expected_refund_fen);
  } catch (error) {
    if (error instanceof UpstreamError && error.key === "INSTANCE_NAME_MISMATCH")
      throw new UpstreamError(error.key, error.httpStatus, error.status, error.reason, "confirm_name", error.data);
    throw error;
  }
}

/**
 * The confirm page's data: the preview, or (an hourly instance, an expired package, a state that cannot be
 * ended now) the platform's reason instead; a missing or someone else's instance stays a 404.
 */
export async function loadStopWithRefund(token: string, uuid: string): Promise<StopWithRefundPageData> {
  try {
    const preview = await previewStopRefund(token, uuid);
    return { uuid: preview.Instance.InstanceUuid, name: preview.Instance.Name, preview, refusal: null };
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.key !== "INSTANCE_STATE") throw error;
    const instance = await getInstanceDetail(token, uuid);
    return { uuid: instance.InstanceUuid, name: instance.Name, preview: null, refusal: error.reason };
  }
}

/** The result toast: what came back to which wallet, and that the instance is being released. */
export function refundToast(done: StopWithRefundWire): string {
  return (
    `实例「${done.Instance.Name}」已提前结束套餐，退款 ${formatWireMoney(done.Refund)}` +
    `（算力券 ${formatWireMoney(done.RefundVoucher)}，余额 ${formatWireMoney(done.RefundCash)}），实例${STATE_LABELS[done.Instance.State]}`
  );
}
