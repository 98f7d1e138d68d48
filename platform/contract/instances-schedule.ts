/**
 * Scheduled shutdown (定时关机, issue 36 §2, decision 087) on the wire. Times
 * are ISO 8601 instants; `shutdown_at` is posted as a Beijing-time minute,
 * "YYYY-MM-DDTHH:mm" (what `<input type="datetime-local">` sends) or
 * "YYYY-MM-DD HH:mm". Amounts are yuan strings with two decimals. Only the
 * caller's own instances (a sub-account: its own): anyone else's is
 * INSTANCE_NOT_FOUND, as a missing one.
 */
import type { MainApiCall } from "./calls";
import type { InstanceRefFields, InstanceWire } from "./instances";

/** What running until the shutdown costs, from now. */
export type ShutdownEstimateWire = {
  /** hourly: pay-as-you-go, billed by the second; package: paid already, nothing more. */
  Billing: "hourly" | "package";
  /** Seconds from now until the shutdown. */
  Seconds: number;
  /** One hour after the membership discount; null for a package. */
  HourlyPrice: string | null;
  EstimatedCost: string;
  /** What the estimate is computed from, in one sentence. */
  Explanation: string;
};

export type PendingShutdownWire = {
  ShutdownAt: string;
  SetAt: string;
  UpdatedAt: string;
  Estimate: ShutdownEstimateWire;
};

/** `/instance/get_scheduled_shutdown`: the pending shutdown (null when none) and the server's clock. */
export type ScheduledShutdownWire = {
  Instance: InstanceWire;
  Shutdown: PendingShutdownWire | null;
  /** The server's time: the clock the shutdown fires by. */
  ServerTime: string;
  /** The latest a shutdown may be set, in days from now. */
  MaxDaysAhead: number;
  /** Days a stopped instance is kept before it is released (what survives the stop). */
  RetentionDays: number;
};

/** `/instance/preview_scheduled_shutdown`: what stopping at the asked time costs. Changes nothing. */
export type ShutdownPreviewWire = ScheduledShutdownWire & {
  ShutdownAt: string;
  Estimate: ShutdownEstimateWire;
};

/** set: a new one; changed: another time replaced; unchanged: the same time again; cancelled; none: none to cancel. */
export type ShutdownOutcomeWire = "set" | "changed" | "unchanged" | "cancelled" | "none";

export type ShutdownChangeWire = ScheduledShutdownWire & { Outcome: ShutdownOutcomeWire };

export type ScheduleShutdownFields = InstanceRefFields & {
  /** A whole minute in Beijing time, later than now, at most MaxDaysAhead days on, before a package's expiry. */
  shutdown_at: string;
};

export type ScheduleCalls = {
  "/instance/get_scheduled_shutdown": MainApiCall<InstanceRefFields, ScheduledShutdownWire, "required">;
  /** BAD_REQUEST on `shutdown_at` for a time it refuses; INSTANCE_STATE when the instance is not running. */
  "/instance/preview_scheduled_shutdown": MainApiCall<ScheduleShutdownFields, ShutdownPreviewWire, "required">;
  /**
   * Sets the shutdown (or moves the pending one): at that minute the instance stops once, as the user's stop
   * does (hourly: settled up to then). A stop or release before it cancels it. Refusals as the preview's.
   */
  "/instance/set_scheduled_shutdown": MainApiCall<ScheduleShutdownFields, ShutdownChangeWire, "required">;
  /** Cancels the pending shutdown; with none pending it changes nothing (Outcome none). */
  "/instance/cancel_scheduled_shutdown": MainApiCall<InstanceRefFields, ShutdownChangeWire, "required">;
};
