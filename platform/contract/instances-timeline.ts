/**
 * The instance log on the wire (issue 36 §2 "Logs", decision 082):
 * `/logs/get_instance_log_list` answers one page of an instance's lifecycle
 * events and its charges (package orders, hourly settlements), newest first.
 * Only the caller's own instances (the same rule as every instance call):
 * anyone else's is INSTANCE_NOT_FOUND, as a missing one.
 */
import type { MainApiCall } from "./calls";
import type { PageFields, PageWire } from "./page";

/**
 * What an event records, the one list (platform/db/timeline-schema.ts checks the table's rows against it): the
 * user's requests (create, start, stop, restart, release, and the actions of issue 36), what the fleet finished
 * (running, stopped, released) and what the billing jobs did (arrears_stop, expired_stop, retention_release).
 */
export const INSTANCE_EVENT_KINDS = [
  "create",
  "start",
  "stop",
  "restart",
  "release",
  "running",
  "stopped",
  "released",
  "arrears_stop",
  "expired_stop",
  "retention_release",
  "refund",
  "renew",
  "resize",
  "plugin_on",
  "plugin_off",
  "schedule_set",
  "schedule_cancel",
  "schedule_fired",
  "migrate",
  "start_without_gpu",
  "image_save",
  "image_saved",
  "system_reset",
  "image_change",
  "gpu_notice_set",
  "gpu_notice_sent",
  "gpu_notice_expired",
  "gpu_notice_cancel",
] as const;
export type InstanceEventKindWire = (typeof INSTANCE_EVENT_KINDS)[number];

/** The charges merged into the log: a package's purchase order, an hourly settlement. */
export const INSTANCE_CHARGE_KINDS = ["package_order", "settlement"] as const;
export type InstanceChargeKindWire = (typeof INSTANCE_CHARGE_KINDS)[number];

export type InstanceLogKindWire = InstanceEventKindWire | InstanceChargeKindWire;

/** The kind filter: one kind, every lifecycle event, every charge, or all. */
export const INSTANCE_LOG_FILTERS = [
  "all",
  "lifecycle",
  "charge",
  ...INSTANCE_EVENT_KINDS,
  ...INSTANCE_CHARGE_KINDS,
] as const;
export type InstanceLogFilterWire = (typeof INSTANCE_LOG_FILTERS)[number];

export type InstanceLogFields = PageFields & {
  instance_uuid: string;
  /** Absent or "all": everything. */
  kind?: InstanceLogFilterWire;
};

export type InstanceLogItemWire = {
  Kind: InstanceLogKindWire;
  /** ISO 8601. */
  At: string;
  /** Who caused it: user (the renter or its sub-account), system (the fleet, a job), staff. */
  Actor: "user" | "system" | "staff";
  /** The sentence shown, e.g. 用户申请关机; for a charge, what it was computed from. */
  Text: string;
  /** Yuan with two decimals when money moved; null otherwise. */
  Amount: string | null;
};

export type InstanceTimelineCalls = {
  /** Page size 1–50 (default 20); newest first; ties by the order they were written. */
  "/logs/get_instance_log_list": MainApiCall<InstanceLogFields, PageWire<InstanceLogItemWire>, "required">;
};
