import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  getResizeOptions,
  growDataDisk,
  upgradeSpec,
  type DiskOptionWire,
  type ResizeOptionWire,
} from "~/upstream/resize.server";
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
  /** A package's downgrade: the refund the confirmation showed (decision 095). */
  expected_refund_fen: z.coerce.number({ invalid_type_error: STALE }).int(STALE).min(0, STALE).optional(),
});

/** The data disk confirmation's POST (decision 093): the instance, the chosen size and the key the page rendered. */
export const GrowDiskSchema = z.object({
  instance_uuid: ResizeSchema.shape.instance_uuid,
  data_disk_gb: z.coerce
    .number({ required_error: "请选择数据盘容量", invalid_type_error: "请选择数据盘容量" })
    .int("请选择数据盘容量")
    .min(1, "请选择数据盘容量"),
  operation_key: ResizeSchema.shape.operation_key,
});

/**
 * The resize page's data: the GPU counts and data disk sizes with their
 * prices; with `?gpu_count=` or `?data_disk_gb=` the chosen option to confirm
 * (and a fresh operation key for its form), or, when it is not on offer now,
 * why, beside the choices.
 */
export async function loadResizePage(token: string, uuid: string, url: URL) {
  const reply = await getResizeOptions(token, uuid);
  const { Instance: instance, Blocked: blocked, Options: options } = reply;
  const { DiskBlocked: diskBlocked, DiskOptions: diskOptions } = reply;
  const asked = url.searchParams.get("gpu_count");
  const chosen: ResizeOptionWire | null = options.find((o) => String(o.GpuCount) === asked) ?? null;
  const choiceError = asked !== null && !chosen && options.length > 0 ? "该GPU数量当前不可选，请重新选择" : null;
  const askedDisk = url.searchParams.get("data_disk_gb");
  const chosenDisk: DiskOptionWire | null = diskOptions.find((o) => String(o.DataDiskGb) === askedDisk) ?? null;
  const diskChoiceError =
    askedDisk !== null && !chosenDisk && diskOptions.length > 0 ? "该数据盘容量当前不可选，请重新选择" : null;
  return {
    instance,
    blocked,
    options,
    chosen,
    choiceError,
    diskBlocked,
    diskOptions,
    chosenDisk,
    diskChoiceError,
    operationKey: randomUUID(),
  };
}

/** Applies the confirmed count; the toast says what it cost or refunded (or that nothing was charged). */
export async function resizeConfirmed(token: string, input: z.infer<typeof ResizeSchema>) {
  const done = await upgradeSpec(
    token,
    input.instance_uuid,
    input.gpu_count,
    input.operation_key,
    input.expected_refund_fen,
  );
  const paidFen = yuanToFen(done.PaidVoucher) + yuanToFen(done.PaidCash);
  const refundVoucherFen = yuanToFen(done.RefundVoucher);
  const refundCashFen = yuanToFen(done.RefundCash);
  const cost =
    refundVoucherFen + refundCashFen > 0
      ? `，已退还 ${formatMoney(refundVoucherFen + refundCashFen)}` +
        `（算力券 ${formatMoney(refundVoucherFen)}，余额 ${formatMoney(refundCashFen)}）`
      : paidFen > 0
        ? `，已支付 ${formatMoney(paidFen)}`
        : "，本次不收费";
  return {
    instance: done.Instance,
    message: `实例「${done.Instance.Name}」已调整为 ${done.Instance.GpuCount} 卡${cost}`,
  };
}

/** Grows the data disk to the confirmed size; the toast says what it cost. */
export async function diskGrowthConfirmed(token: string, input: z.infer<typeof GrowDiskSchema>) {
  const done = await growDataDisk(token, input.instance_uuid, input.data_disk_gb, input.operation_key);
  const paidFen = yuanToFen(done.PaidVoucher) + yuanToFen(done.PaidCash);
  return {
    instance: done.Instance,
    message:
      `实例「${done.Instance.Name}」的数据盘已扩容到 ${done.Instance.DataDiskGb}GB` +
      (paidFen > 0 ? `，已支付 ${formatMoney(paidFen)}` : "，本次不收费"),
  };
}
