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
  /**
   * "hourly": nothing charged now, billed at HourlyPrice once started; "package_upgrade": Charge now;
   * "package_downgrade": Refund now (decision 095).
   */
  Kind: "hourly" | "package_upgrade" | "package_downgrade";
  /** The hourly rate after the change (hourly instances); the current one for packages. */
  HourlyPrice: string;
  /** Charged now: the added GPUs for RemainingSeconds of the package; "0.00" for hourly instances. */
  Charge: string;
  /** Given back now: the removed GPUs for RemainingSeconds, at most what the instance's orders can still give. */
  Refund: string;
  /** The same figure in fen: what the confirmation posts back as `expected_refund_fen`. */
  RefundFen: number;
  /** Packages: whole seconds left of the term the charge or refund covers; 0 for hourly instances. */
  RemainingSeconds: number;
  /** How the price was computed, in words and figures. */
  Explanation: string;
};

/** One data disk size the instance can grow to now, and what it costs (decision 093). */
export type DiskOptionWire = {
  /** "disk_package": Charge now for the rest of the term; "disk_hourly": nothing now, DiskHourPrice per hour run. */
  Kind: "disk_package" | "disk_hourly";
  /** The new size in GB (the whole disk, not the added part). */
  DataDiskGb: number;
  AddedGb: number;
  /** The price of one extra GB per 30-day month. */
  GbMonthPrice: string;
  /** Charged now: the added GB for RemainingSeconds of the package; "0.00" for hourly instances. */
  Charge: string;
  RemainingSeconds: number;
  /** Hourly instances: what all their extra GB add to each hour run after the change; "0.00" for packages. */
  DiskHourPrice: string;
  Explanation: string;
};

export type ResizeOptionsWire = {
  Instance: InstanceWire;
  /** Why the GPU count cannot be changed now (not stopped, package ended, host full); null when Options is not empty. */
  Blocked: string | null;
  Options: ResizeOptionWire[];
  /** Why the data disk cannot grow now (not stopped, package ended, host has no room); null otherwise. */
  DiskBlocked: string | null;
  DiskOptions: DiskOptionWire[];
};

/** Exactly one of gpu_count and data_disk_gb. */
export type UpgradeSpecFields = InstanceRefFields & {
  /** The new GPU count: one of the options. */
  gpu_count?: number;
  /** The new data disk size in GB (decision 093): larger than now, at most 2048. */
  data_disk_gb?: number;
  /** The form's key: the same key again answers the first change and charges (or refunds) nothing. */
  operation_key: string;
  /**
   * The refund the page showed (RefundFen, 0 for an upgrade or an hourly change); REFUND_CHANGED when it no longer
   * stands (decision 095). Absent: whatever the change refunds now.
   */
  expected_refund_fen?: number;
};

export type UpgradeSpecWire = {
  Instance: InstanceWire;
  /** The GPU change applied; null when nothing changed (Replayed) or the disk grew. */
  Option: ResizeOptionWire | null;
  /** The disk growth applied; null when nothing changed (Replayed) or the GPU count changed. */
  DiskOption: DiskOptionWire | null;
  /** The upgrade's purchase order (packages); null for hourly instances. */
  OrderNo: string | null;
  PaidVoucher: string;
  PaidCash: string;
  /** A package's downgrade: what went back to vouchers and to cash (decision 095); "0.00" otherwise. */
  RefundVoucher: string;
  RefundCash: string;
  Replayed: boolean;
};

export type ResizeCalls = {
  "/instance/get_upgrade_spec_options": MainApiCall<InstanceRefFields, ResizeOptionsWire, "required">;
  /**
   * From stopped: hourly to any count its host has free (nothing charged); a package, while paid for,
   * up (the added GPUs for the rest of the term, prorated to the second charged) or down (the removed GPUs'
   * the same way refunded, at most what its orders can still give; REFUND_CHANGED when the figure is not
   * expected_refund_fen or a form of the same page already changed it, decision 095). HOST_GPU_BUSY when the
   * host lacks the GPUs, INSTANCE_STATE when not stopped, BALANCE_BELOW_PRICE when it cannot pay.
   * With data_disk_gb (decision 093): a stopped instance's data disk grows; a package is charged the added GB
   * for the rest of the term prorated to the second, an hourly one nothing now (its settlements add them);
   * HOST_DISK_FULL when its host has no room left for them.
   */
  "/instance/upgrade_spec": MainApiCall<UpgradeSpecFields, UpgradeSpecWire, "required">;
};
