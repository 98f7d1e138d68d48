import type {
  GpuNoticeCalls,
  GpuNoticeChangeWire,
  GpuNoticeViewWire,
  GpuNoticeWire,
} from "../../platform/contract/gpu-notice";
import { callApiOrThrow } from "./transport.server";

export type { GpuNoticeChangeWire, GpuNoticeViewWire, GpuNoticeWire };

function call<P extends keyof GpuNoticeCalls>(path: P, input: GpuNoticeCalls[P]["input"], session: string) {
  return callApiOrThrow<GpuNoticeCalls[P]["data"]>(path, input, { session });
}

/** The instance's latest GPU free notice, whether one may be asked for now, and the channels the caller may choose. */
export function getGpuFreeNotice(session: string, uuid: string) {
  return call("/instance/get_gpu_free_notice", { instance_uuid: uuid }, session);
}

/** Asks to be told once when the instance's host has its GPUs free (site message, and SMS / email if chosen). */
export function subscribeGpuFreeNotice(session: string, uuid: string, channels: { sms: boolean; email: boolean }) {
  return call(
    "/instance/subscribe_gpu_free_notice",
    {
      instance_uuid: uuid,
      ...(channels.sms ? { notify_sms: "1" } : {}),
      ...(channels.email ? { notify_email: "1" } : {}),
    },
    session,
  );
}

/** Cancels the waiting notice (none waiting: nothing changes). */
export function cancelGpuFreeNotice(session: string, uuid: string) {
  return call("/instance/cancel_gpu_free_notice", { instance_uuid: uuid }, session);
}
