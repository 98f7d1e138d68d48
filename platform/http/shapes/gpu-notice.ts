import type { GpuNoticeChangeWire, GpuNoticeChannelWire, GpuNoticeViewWire } from "../../contract/gpu-notice";
import type { GpuNoticeChange, GpuNoticeChannel, GpuNoticeView } from "../../modules/gpu-notice/watch";
import { GPU_NOTICE_VALID_HOURS } from "../../rules/gpu-notice";
import { toInstanceWire } from "./instances";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toChannelWire = (c: GpuNoticeChannel): GpuNoticeChannelWire => ({
  Available: c.available,
  Address: c.address,
  Refusal: c.refusal,
});

export const toGpuNoticeViewWire = (v: GpuNoticeView): GpuNoticeViewWire => ({
  Instance: toInstanceWire(v.instance),
  Notice: v.notice && {
    State: v.notice.state,
    CancelReason: v.notice.cancelReason,
    HostName: v.notice.hostName,
    GpuCount: v.notice.gpuCount,
    Sms: v.notice.notifySms,
    Email: v.notice.notifyEmail,
    CreatedAt: v.notice.createdAt.toISOString(),
    ExpiresAt: v.notice.expiresAt.toISOString(),
    SentAt: iso(v.notice.sentAt),
    EndedAt: iso(v.notice.endedAt),
  },
  Refusal: v.refusal && { Reason: v.refusal.reason, StartNow: v.refusal.startNow },
  Sms: toChannelWire(v.sms),
  Email: toChannelWire(v.email),
  ValidHours: GPU_NOTICE_VALID_HOURS,
  ServerTime: v.now.toISOString(),
});

export const toGpuNoticeChangeWire = (c: GpuNoticeChange): GpuNoticeChangeWire => ({
  ...toGpuNoticeViewWire(c),
  Outcome: c.outcome,
});
