import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getResizeOptions, upgradeSpec, type ResizeOptionWire } from "~/upstream/resize.server";
import { formatMoney, yuanToFen } from "../../platform/rules/money";

const STALE = "请求有误，请刷新页面后重试";

/** The confirmation's POST: the instance, the chosen count and the key the page rendered. */
export const ResizeSchema = z.object({
  instance_uuid: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{1,64}$/, STALE),
  gpu_count: z.coerce
    .number({ required_error: "请选择GPU数量", invalid_type_error: "请选择GPU数量" })
    .int("请选择GPU数量")
    .min(1, "请选择GPU数量")
    .max(8, "请选择GPU数量"),
  operation_key: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{8,64}$/, STALE),
});

/**
 * The resize page's data: the options with their prices; with `?gpu_count=`
 * the chosen option to confirm (and a fresh operation key for its form), or,
 * when that count is not on offer now, why, beside the choices.
 */
export async function loadResizePage(token: string, uuid: string, url: URL) {
  const { Instance: instance, Blocked: blocked, Options: options } = await getResizeOptions(token, uuid);
  const asked = url.searchParams.get("gpu_count");
  const chosen: ResizeOptionWire | null = options.find((o) => String(o.GpuCount) === asked) ?? null;
  const choiceError = asked !== null && !chosen && options.length > 0 ? "该GPU数量当前不可选，请重新选择" : null;
  return { instance, blocked, options, chosen, choiceError, operationKey: randomUUID() };
}

/** Applies the confirmed count; the toast says what it cost (or that nothing was charged). */
export async function resizeConfirmed(token: string, input: z.infer<typeof ResizeSchema>) {
  const done = await upgradeSpec(token, input.instance_uuid, input.gpu_count, input.operation_key);
  const paidFen = yuanToFen(done.PaidVoucher) + yuanToFen(done.PaidCash);
  const cost = paidFen > 0 ? `，已支付 ${formatMoney(paidFen)}` : "，本次不收费";
  return {
    instance: done.Instance,
    message: `实例「${done.Instance.Name}」已调整为 ${done.Instance.GpuCount} 卡${cost}`,
  };
}
