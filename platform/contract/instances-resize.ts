/**
 * Resizing an instance on the wire (issue 36 §1, decision 081): the GPU
 * counts a stopped instance can have now on its host, each with its price,
 * and the change itself. Amounts are yuan strings with two decimals. Only
 * the caller's own instances (as in instances.ts): anyone else's is
 * INSTANCE_NOT_FOUND.
 */
import type { MainApiCall } from "./calls";
import type { InstanceRefFields, InstanceWire } from "./instances";

/** One GPU count the instance can have now, and what it costs. */
export type ResizeOptionWire = {
  GpuCount: number;
  /** "hourly": nothing charged now, billed at HourlyPrice once started; "package_upgrade": Charge now. */
  Kind: "hourly" | "package_upgrade";
  /** The hourly rate after the change (hourly instances); the current one for packages. */
  HourlyPrice: string;
  /** Charged now: the added GPUs for RemainingSeconds of the package; "0.00" for hourly instances. */
  Charge: string;
  /** Packages: whole seconds left of the term the charge covers; 0 for hourly instances. */
  RemainingSeconds: number;
  /** How the price was computed, in words and figures. */
  Explanation: string;
};

export type ResizeOptionsWire = {
  Instance: InstanceWire;
  /** Why nothing can be changed now (not stopped, package ended, host full); null when Options is not empty. */
  Blocked: string | null;
  Options: ResizeOptionWire[];
};

export type UpgradeSpecFields = InstanceRefFields & {
  /** The new GPU count: one of the options. */
  gpu_count: number;
  /** The form's key: the same key again answers the first change and charges nothing. */
  operation_key: string;
};

export type UpgradeSpecWire = {
  Instance: InstanceWire;
  /** What was applied; null when nothing changed (Replayed). */
  Option: ResizeOptionWire | null;
  /** The upgrade's purchase order (packages); null for hourly instances. */
  OrderNo: string | null;
  PaidVoucher: string;
  PaidCash: string;
  Replayed: boolean;
};

export type ResizeCalls = {
  "/instance/get_upgrade_spec_options": MainApiCall<InstanceRefFields, ResizeOptionsWire, "required">;
  /**
   * From stopped: hourly to any count its host has free (nothing charged); a package, while paid for,
   * only up (the added GPUs for the rest of the term, prorated to the second). HOST_GPU_BUSY when the
   * host lacks the GPUs, INSTANCE_STATE when not stopped, BALANCE_BELOW_PRICE when it cannot pay.
   */
  "/instance/upgrade_spec": MainApiCall<UpgradeSpecFields, UpgradeSpecWire, "required">;
};
