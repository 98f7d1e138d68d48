/**
 * Instances on the wire (issue 12 §3–5): renting one, listing and reading
 * them, starting, stopping, restarting and releasing, the rental's price
 * preview and the coupons that apply to it. The spec names the market's read
 * calls but not these; issue 12 names them, so outside clients and the open
 * API can rely on them. Amounts are yuan strings with two decimals; times are
 * ISO 8601 strings. Every call needs the session, and answers only about the
 * caller's own instances (a sub-account: its own; a main account: its own and
 * its sub-accounts'): anyone else's is INSTANCE_NOT_FOUND, as a missing one.
 */
import type { MainApiCall } from "./calls";
import type { PageFields, PageWire } from "./page";

export type MachineTypeWire = "kvm" | "docker" | "bare_metal";
/** "hour": pay-as-you-go (billed afterwards by the second); "hour_package" (包时), "day", "month": prepaid packages. */
export type BillingModeWire = "hour" | "hour_package" | "day" | "month";
export type InstanceStateWire =
  "creating" | "running" | "stopping" | "stopped" | "starting" | "restarting" | "releasing" | "released";

/** What the rental form posts, for the preview, the coupon pick and the rental itself. */
export type RentalChoiceFields = {
  machine_type: "kvm" | "docker";
  /** Region code, e.g. "bj-a". */
  region: string;
  /** GPU model code, e.g. "rtx4090". */
  gpu_model: string;
  /** 1 to the most free GPUs one host of the offer has (at most 8). */
  gpu_count: number;
  image_id: number;
  billing_mode: BillingModeWire;
  /** Hours (1–23, "hour_package"), days (1–29) or months (1–12) of a package; ignored for "hour". */
  duration?: number;
  /**
   * The coupon to use: its CouponId; "0" for none. Absent: the best
   * applicable one (the same choice the preview shows). Coupons apply to
   * packages only: an hourly rental is charged afterwards, by the second.
   */
  coupon_id?: number;
};

/** How a price was computed, so a user can check every fen by hand (issue 12 §5). */
export type PriceBreakdownWire = {
  BillingMode: BillingModeWire;
  /** List price of one GPU-hour. */
  UnitPrice: string;
  GpuCount: number;
  /** Package: hours bought (hours, days × 24, months × 30 × 24); hourly: 1 (the rate of one hour). */
  Hours: number;
  /** Package: its hours, days or months; hourly: 0. */
  Duration: number;
  /** UnitPrice × GpuCount × Hours. */
  ListAmount: string;
  /** 1 (hourly and hour packages), 0.98 (days) or 0.95 (months). */
  DurationDiscount: string;
  /** 1.00 to 0.94, by membership tier (main accounts; a sub-account has its main account's). */
  VipDiscount: string;
  /** After both discounts, before the coupon. */
  AfterDiscounts: string;
  CouponId: number | null;
  CouponSaving: string;
  /** What is charged now (package) or per hour while running (hourly). */
  Amount: string;
  /** A renewal's extra data disk for its hours (decision 093), included in AfterDiscounts and Amount; absent for none. */
  ExtraDisk?: string;
};

/** `/instance/preview_rental`: the price the form shows, by the function that charges. */
export type RentalPreviewWire = {
  Price: PriceBreakdownWire;
  /** How the charge would be paid now: vouchers first, then cash, then credit. Hourly: what the first hour takes. */
  PayVoucher: string;
  PayCash: string;
  /** False when the wallet cannot pay it: the rental would answer 可用余额少于套餐价格!. */
  Affordable: boolean;
  /** The top-up (yuan) that would make it affordable; "0.00" when affordable. */
  Shortfall: string;
  /** Free GPUs of the offer right now (the most on one host). */
  FreeGpus: number;
};

/** `/instance/preview_list_price`: a visitor's view of the rental form's price (no membership, no coupon, no wallet). */
export type ListPriceWire = {
  Price: PriceBreakdownWire;
  FreeGpus: number;
};

export type CouponChoiceWire = {
  CouponId: number;
  Type: 0 | 1 | 2;
  /** Type 2: amount off (yuan); else "0.00". */
  Amount: string;
  /** Type 1: the multiplier, e.g. "0.85"; else "1". */
  Discount: string;
  MoneyLimit: string;
  ExpiresAt: string;
  /** The saving on this order when it applies; "0.00" otherwise. */
  Saving: string;
  Applicable: boolean;
  /** Why it does not apply (Chinese), or "". */
  Reason: string;
};

/** `/pick_valid_and_all_coupon` (spec §8: exempt from error toasts). */
export type PickCouponsWire = {
  /** The applicable coupons, best first. */
  valid: CouponChoiceWire[];
  /** All the caller's usable coupons, applicable or not, each with its reason. */
  all: CouponChoiceWire[];
  /** The best applicable coupon, or null. */
  best_coupon_id: number | null;
};

export type InstanceWire = {
  /** Public id, e.g. "i-7f3a9c2e1b". */
  InstanceUuid: string;
  Name: string;
  MachineType: MachineTypeWire;
  RegionCode: string;
  RegionName: string;
  GpuModel: string;
  GpuName: string;
  GpuCount: number;
  ImageName: string;
  DataDiskGb: number;
  State: InstanceStateWire;
  /** Why it last stopped: "user", "arrears" (余额不足), "expired" (包期到期); null when it has not. */
  StopReason: "user" | "arrears" | "expired" | null;
  BillingMode: BillingModeWire;
  /** Packages: paid until then. */
  PackageExpiresAt: string | null;
  /** A stopped instance is released then (retention). */
  ReleaseAt: string | null;
  /** Hourly: what one hour costs after the membership discount (without GPU: the no-GPU price). */
  HourlyPrice: string;
  /** Started without GPU (无卡模式) and not stopped since: it holds no GPU and runs at HourlyPrice (decision 086). */
  NoGpu: boolean;
  /** Everything charged for it so far. */
  CostSoFar: string;
  /** Hourly and running: usage since the last settlement, not yet charged. */
  Unsettled: string;
  HostName: string;
  /** The host's free GPUs and its total (空闲 3/8): a stopped instance starts again only if its host has enough. */
  HostGpuFree: number;
  HostGpuTotal: number;
  /** The sub-account that rented it (a main account's list marks them with it); null when the main account rented it. */
  SubAccountName: string | null;
  CreatedAt: string;
};

/** One charge of an instance: a package charge or an hourly settlement, with how it was computed. */
export type InstanceChargeWire = {
  Kind: "package" | "settlement";
  At: string;
  /** Settlement: the period; package: the paid period. */
  PeriodStart: string;
  PeriodEnd: string;
  /** Settlement: seconds run in the period. */
  Seconds: number;
  Amount: string;
  PaidVoucher: string;
  PaidCash: string;
  /** The formula in words and figures, e.g. "3600 秒 × 1 卡 × ¥1.98/卡·时 × 1 × 0.98 = ¥1.94". */
  Explanation: string;
};

/** How to reach an instance. */
export type InstanceAccessWire = {
  SshHost: string;
  SshPort: number;
  /** e.g. "ssh -p 41234 root@ssh-bj-a.sandbox.gpu-cloud.local". */
  SshCommand: string;
  /** Only from get_instance_detail asked with reveal_password=1; else null (always null in the list). */
  SshPassword: string | null;
  /** The JupyterLab link; null while JupyterLab is turned off on the instance's plugin page (decision 089). */
  JupyterUrl: string | null;
};

/** A row of the instance list: the instance and how to reach it (null once released), without the password. */
export type InstanceListItemWire = InstanceWire & { Access: InstanceAccessWire | null };

export type InstanceDetailWire = InstanceWire & {
  Access: InstanceAccessWire | null;
  Charges: InstanceChargeWire[];
  /** Days a stopped instance is kept before it is released: what survives each action (platform/rules/instance-survival). */
  RetentionDays: number;
};

/** A rental's answer: the instance and what it charged. */
export type CreateInstanceWire = {
  Instance: InstanceWire;
  /** The purchase order of a package; null for hourly (charged later by the second). */
  OrderNo: string | null;
  Price: PriceBreakdownWire;
  PaidVoucher: string;
  PaidCash: string;
  /** True when this operation_key was used before: the first rental is answered, nothing moved. */
  Replayed: boolean;
};

export type InstanceRefFields = { instance_uuid: string };

/**
 * Refusals: 可用余额少于套餐价格! (BALANCE_BELOW_PRICE, `data.shortfall` yuan),
 * the sub-account's limit (SUB_ACCOUNT_LIMIT_REACHED), INSTANCE_SOLD_OUT (no
 * host of the offer has gpu_count free: nothing is charged), OFFER_NOT_FOUND,
 * IMAGE_INCOMPATIBLE, COUPON_NOT_APPLICABLE, field errors (BAD_REQUEST with
 * the field).
 */
export type CreateInstanceFields = RentalChoiceFields & {
  /** 8-64 letters, digits, "_" or "-", made when the page renders the form. */
  operation_key: string;
  /** Optional; 1-30 characters; default "<GPU> 实例". */
  name?: string;
};

export type InstanceCalls = {
  "/instance/preview_rental": MainApiCall<RentalChoiceFields, RentalPreviewWire, "required">;
  /** Public: the list price of a choice, for the rental form a visitor sees (spec §1: /createInstance is public). */
  "/instance/preview_list_price": MainApiCall<RentalChoiceFields, ListPriceWire, "none">;
  "/pick_valid_and_all_coupon": MainApiCall<RentalChoiceFields, PickCouponsWire, "required">;
  "/instance/create_instance": MainApiCall<CreateInstanceFields, CreateInstanceWire, "required">;
  /** Newest first; `state` filters ("released" ones are listed only when asked for). */
  "/instance/get_instance_list": MainApiCall<
    PageFields & { state?: InstanceStateWire | "all" },
    PageWire<InstanceListItemWire>,
    "required"
  >;
  "/instance/get_instance_detail": MainApiCall<
    InstanceRefFields & { reveal_password?: 0 | 1 },
    InstanceDetailWire,
    "required"
  >;
  /** From stopped; refused (HOST_GPU_BUSY) when its host has fewer free GPUs than it needs, or (BALANCE_BELOW_PRICE) when it cannot pay. */
  "/instance/start_instance": MainApiCall<InstanceRefFields, InstanceWire, "required">;
  /** From running; an hourly instance is settled up to now. */
  "/instance/stop_instance": MainApiCall<InstanceRefFields, InstanceWire, "required">;
  /** From running; hourly instances only. */
  "/instance/restart_instance": MainApiCall<InstanceRefFields, InstanceWire, "required">;
  /** From stopped or running; `confirm_name` must equal the instance's name. Settles, frees its GPUs, deletes its disks. */
  "/instance/release_instance": MainApiCall<InstanceRefFields & { confirm_name: string }, InstanceWire, "required">;
};
