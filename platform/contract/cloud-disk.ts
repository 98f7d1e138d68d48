/**
 * Cloud disks on the wire (issue 36 §1, spec §7 `/buy_sftp_size`,
 * `/get_sftp_size_info`, `/get_remain_disk`; decision 083). The spec names the
 * calls without their payloads; these are ours. Amounts are yuan strings with
 * two decimals, sizes whole GB, times ISO 8601.
 */
import type { MainApiCall, NoFields } from "./calls";

/** One cloud disk of the account. State: active 正常, read_only 已到期只读, deleted never listed. */
export type CloudDiskWire = {
  RegionCode: string;
  RegionName: string;
  SizeGb: number;
  UsedBytes: number;
  State: "active" | "read_only";
  ExpiresAt: string;
  CreatedAt: string;
  SftpHost: string;
  SftpPort: number;
  SftpUser: string;
};

/** `/get_sftp_size_info`: the account's disks, the regions one can be bought in and the price rule. */
export type SftpSizeInfoWire = {
  disks: CloudDiskWire[];
  regions: { code: string; name: string }[];
  /** Yuan per GB and month (30 days). */
  PricePerGbMonth: string;
  MinGb: number;
  MaxGb: number;
  StepGb: number;
  MaxMonths: number;
  /** Days an expired disk stays read-only before it is deleted. */
  RetentionDays: number;
};

/**
 * `/buy_sftp_size`. `op`: "buy" (region_code, size_gb 10–10240 in steps of 10, months 1–12: one disk per
 * region), "expand" (region_code, add_gb in steps of 10: prorated to the disk's expiry) or "renew"
 * (region_code, months: from the expiry, or from now when expired). `operation_key`: 8–64 of A–Z a–z 0–9 _ -,
 * made when the page renders the form; the same key again answers the first purchase and moves nothing.
 * Refusals: 可用余额少于套餐价格! (BALANCE_BELOW_PRICE, `data.shortfall` in yuan); a sub-account is refused
 * (PERMISSION_DENIED); bad fields name their field.
 */
export type BuySftpSizeFields = {
  op: "buy" | "expand" | "renew";
  region_code: string;
  size_gb?: number;
  add_gb?: number;
  months?: number;
  operation_key: string;
};

export type BuySftpSizeWire = {
  OrderNo: string;
  Amount: string;
  PaidPowerMoney: string;
  PaidMoney: string;
  /** How the amount was computed and paid, e.g. "云盘：100 GB × 1 个月 × ¥0.30/GB·月 = ¥30.00；算力券 ¥0.00，余额 ¥30.00". */
  Explanation: string;
  disk: CloudDiskWire;
  /** True when this operation_key had been used before: the first purchase is answered and nothing moved. */
  Replayed: boolean;
};

/** `/get_remain_disk`: what is left on the account's disk in a region (GB, one decimal place). */
export type RemainDiskFields = { region_code: string };
export type RemainDiskWire = { RegionCode: string; TotalGb: number; UsedGb: number; RemainGb: number };

/** `/get_sftp_password`: the disk's SFTP password, only when asked for (like the instance's root password). */
export type SftpPasswordFields = { region_code: string };
export type SftpPasswordWire = { SftpPassword: string };

/** Every cloud disk call of the main API, by path under /api. */
export type CloudDiskCalls = {
  "/get_sftp_size_info": MainApiCall<NoFields, SftpSizeInfoWire, "required">;
  "/buy_sftp_size": MainApiCall<BuySftpSizeFields, BuySftpSizeWire, "required">;
  "/get_remain_disk": MainApiCall<RemainDiskFields, RemainDiskWire, "required">;
  "/get_sftp_password": MainApiCall<SftpPasswordFields, SftpPasswordWire, "required">;
};
