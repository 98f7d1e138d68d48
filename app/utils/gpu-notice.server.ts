import { z } from "zod";
import { cancelGpuFreeNotice, subscribeGpuFreeNotice, type GpuNoticeChangeWire } from "~/upstream/gpu-notice.server";
import { formatDateTime } from "./format";

const STALE = "请求有误，请刷新页面后重试";
const uuidField = z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{1,64}$/, STALE);
/** A checked box posts "1"; an unchecked one nothing. */
const checked = z
  .enum(["1"], { errorMap: () => ({ message: STALE }) })
  .optional()
  .transform((v) => v === "1");

/** 空闲时通知我: the instance and the channels besides the site message. */
export const SubscribeGpuNoticeSchema = z.object({
  instance_uuid: uuidField,
  notify_sms: checked,
  notify_email: checked,
});

/** 取消通知. */
export const CancelGpuNoticeSchema = z.object({ instance_uuid: uuidField });

/** The result in one sentence, for the toast after the redirect. */
export function gpuNoticeToast(done: GpuNoticeChangeWire): string {
  const name = `实例「${done.Instance.Name}」`;
  const until = done.Notice ? `${formatDateTime(done.Notice.ExpiresAt)}（北京时间）` : "";
  switch (done.Outcome) {
    case "subscribed":
      return `已订阅${name}的 GPU 空闲通知，有效至 ${until}`;
    case "already":
      return `${name}已有等待中的 GPU 空闲通知，有效至 ${until}`;
    case "cancelled":
      return `${name}的 GPU 空闲通知已取消`;
    case "none":
      return `${name}没有等待中的 GPU 空闲通知`;
  }
}

export async function subscribeGpuNoticeConfirmed(token: string, input: z.infer<typeof SubscribeGpuNoticeSchema>) {
  return gpuNoticeToast(
    await subscribeGpuFreeNotice(token, input.instance_uuid, { sms: input.notify_sms, email: input.notify_email }),
  );
}

export async function cancelGpuNoticeConfirmed(token: string, input: z.infer<typeof CancelGpuNoticeSchema>) {
  return gpuNoticeToast(await cancelGpuFreeNotice(token, input.instance_uuid));
}
