/**
 * Stop with refund on the wire (issue 36 §1, decision 080): the preview the
 * confirm page shows, and ending a package early. Amounts are yuan strings
 * with two decimals, times ISO 8601. Only the caller's own instances (a
 * sub-account: its own): anyone else's is INSTANCE_NOT_FOUND.
 */
import type { MainApiCall } from "./calls";
import type { InstanceRefFields, InstanceWire } from "./instances";

/** What one paid period (the rental or a renewal, one purchase order) gives back. */
export type RefundLineWire = {
  OrderNo: string;
  /** Seconds the order paid for, and its part of the unused whole days. */
  PeriodSeconds: number;
  UnusedSeconds: number;
  /** The order's price after discounts × UnusedSeconds / PeriodSeconds. */
  UnusedValue: string;
  /** What its coupon paid: never refunded. */
  CouponSaving: string;
  Refund: string;
  RefundVoucher: string;
  RefundCash: string;
};

/** `/instance/get_stop_refund_preview`: the refund if the package were ended now. Changes nothing. */
export type StopRefundPreviewWire = {
  Instance: InstanceWire;
  /** The rule in one sentence. */
  Rule: string;
  UnusedDays: number;
  /** The refunded span: the package's last UnusedDays days. */
  RefundFrom: string;
  PackageExpiresAt: string;
  Lines: RefundLineWire[];
  RefundVoucher: string;
  RefundCash: string;
  Refund: string;
  /** The same figure in fen: what the confirm form posts back as `expected_refund_fen`. */
  RefundFen: number;
  /** What was computed from what, as the ledger entries will say it. */
  Explanation: string;
};

/** `/instance/stop_instance_with_refund`: what was paid back; the instance is releasing. */
export type StopWithRefundWire = {
  Instance: InstanceWire;
  UnusedDays: number;
  RefundVoucher: string;
  RefundCash: string;
  Refund: string;
  Explanation: string;
  /** True when the instance had been refunded before: nothing moved this time. */
  Replayed: boolean;
};

export type StopWithRefundFields = InstanceRefFields & {
  /** Must equal the instance's name (INSTANCE_NAME_MISMATCH). */
  confirm_name: string;
  /**
   * Optional: the refund in fen the page showed; when it is no longer the refund (a whole day ended in between)
   * the call is refused with REFUND_CHANGED and nothing changes.
   */
  expected_refund_fen?: number;
};

export type InstanceRefundCalls = {
  /** Day, month (and hour) packages in running or stopped; INSTANCE_STATE for hourly instances and expired packages. */
  "/instance/get_stop_refund_preview": MainApiCall<InstanceRefFields, StopRefundPreviewWire, "required">;
  /**
   * Ends the package now: the unused whole days, less what coupons paid, back to the wallets that paid (one
   * ledger entry per wallet, kind refund, referring to the instance), then the instance is released (disks
   * deleted, GPUs freed). Once per instance: asking again answers the first refund (Replayed).
   */
  "/instance/stop_instance_with_refund": MainApiCall<StopWithRefundFields, StopWithRefundWire, "required">;
};
