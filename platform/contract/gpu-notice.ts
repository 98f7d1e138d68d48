/**
 * The GPU free notice (GPU 空闲通知, issue 36 §2, decision 092) on the wire. Times are ISO 8601 instants. Only the
 * caller's own instances (a sub-account: its own): anyone else's is INSTANCE_NOT_FOUND, as a missing one.
 */
import type { MainApiCall } from "./calls";
import type { InstanceRefFields, InstanceWire } from "./instances";

export type GpuNoticeStateWire = "waiting" | "sent" | "expired" | "cancelled";
export type GpuNoticeCancelReasonWire = "user" | "started" | "released" | "moved" | "gpus_held";

/** One notice of the instance: the latest, waiting or how it ended. */
export type GpuNoticeWire = {
  State: GpuNoticeStateWire;
  /** Why it was cancelled; null unless State is cancelled. */
  CancelReason: GpuNoticeCancelReasonWire | null;
  /** The host watched and the GPUs the instance needed when asked. */
  HostName: string;
  GpuCount: number;
  /** The channels besides the site message, which is always sent. */
  Sms: boolean;
  Email: boolean;
  CreatedAt: string;
  /** 24 hours after CreatedAt: a waiting notice is expired then, never sent. */
  ExpiresAt: string;
  SentAt: string | null;
  /** When it was sent, expired or cancelled. */
  EndedAt: string | null;
};

/** Whether the caller may choose a channel, where it goes (the phone masked), and why not when it may not. */
export type GpuNoticeChannelWire = { Available: boolean; Address: string | null; Refusal: string | null };

/** `/instance/get_gpu_free_notice`. */
export type GpuNoticeViewWire = {
  Instance: InstanceWire;
  Notice: GpuNoticeWire | null;
  /** Null when a notice may be asked for now; else why not (StartNow: the host has the GPUs, start it instead). */
  Refusal: { Reason: string; StartNow: boolean } | null;
  Sms: GpuNoticeChannelWire;
  Email: GpuNoticeChannelWire;
  /** How long a notice waits, in hours (24). */
  ValidHours: number;
  ServerTime: string;
};

/** subscribed: a new notice; already: one was waiting (unchanged); cancelled; none: none to cancel. */
export type GpuNoticeOutcomeWire = "subscribed" | "already" | "cancelled" | "none";

export type GpuNoticeChangeWire = GpuNoticeViewWire & { Outcome: GpuNoticeOutcomeWire };

export type GpuNoticeSubscribeFields = InstanceRefFields & {
  /** "1": also by SMS, to the account's own phone (main accounts only). */
  notify_sms?: string;
  /** "1": also by email, to the account's confirmed notice email (main accounts only). */
  notify_email?: string;
};

export type GpuNoticeCalls = {
  "/instance/get_gpu_free_notice": MainApiCall<InstanceRefFields, GpuNoticeViewWire, "required">;
  /**
   * Asks to be told once, within 24 hours, when the instance's host has its GPUs free (the notice reserves none).
   * A notice already waiting: Outcome already, nothing changes. Refusals: INSTANCE_STATE (not a stopped hourly
   * instance; on field `gpu_free_now` when its host has the GPUs now), BAD_REQUEST on `notify_sms` / `notify_email`
   * (no phone, no confirmed notice email, or a sub-account: site messages only).
   */
  "/instance/subscribe_gpu_free_notice": MainApiCall<GpuNoticeSubscribeFields, GpuNoticeChangeWire, "required">;
  /** Cancels the waiting notice; with none waiting it changes nothing (Outcome none). */
  "/instance/cancel_gpu_free_notice": MainApiCall<InstanceRefFields, GpuNoticeChangeWire, "required">;
};
