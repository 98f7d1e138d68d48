/**
 * The desk's marketing calls on the wire (issue 39 §2–§4, docs/decisions/125), /staff with the staff token header:
 * 积分商城 and 周年抽奖 for marketing (运营) and admins, 销售合伙人 for finance and admins; any other role gets
 * PERMISSION_DENIED. PascalCase replies, yuan strings with two decimals, ISO 8601 times, snake_case form fields.
 * Phones are always masked (138****8000).
 */
import type { MainApiCall, NoFields } from "./calls";
import type { PageFields, PageWire } from "./page";
import type { StoreItemKindWire, StoreOrderStatusWire } from "./points-store";

export type RafflePrizeKindWire = "voucher" | "points" | "coupon";
export type RaffleOutcomeWire = "won" | "none" | "out_of_stock" | "already_held";
export type ReferralRefusalWire = "same_phone" | "same_device" | "sub_account" | "same_id_number" | "touch_expired";

export type DeskStoreItemWire = {
  Id: number;
  Kind: StoreItemKindWire;
  Name: string;
  Description: string;
  Points: number;
  Stock: number;
  Limit: number;
  OnSale: boolean;
  CouponGroupId: number | null;
  /** A voucher item's amount, yuan. */
  Voucher: string | null;
  Order: number;
  Exchanged: number;
  CreatedAt: string;
};

/** Adding an item: `voucher` in yuan for a voucher item, `coupon_group` for a coupon item. */
export type DeskStoreItemAddFields = {
  kind: string;
  name: string;
  description?: string;
  points: string | number;
  stock: string | number;
  limit: string | number;
  on_sale?: "0" | "1";
  coupon_group?: string | number;
  voucher?: string;
  order?: string | number;
};

/** Changing an item: only the fields sent change. */
export type DeskStoreItemSetFields = {
  id: number;
  name?: string;
  description?: string;
  points?: string | number;
  stock?: string | number;
  /** The stock the form showed: a new figure typed over a stock users moved meanwhile is refused. */
  stock_shown?: string | number;
  limit?: string | number;
  on_sale?: "0" | "1";
  order?: string | number;
};

/** A goods order's parcel label: what the courier needs, the contact phone whole. */
export type DeskShippingLabelWire = {
  OrderId: number;
  ItemName: string;
  Recipient: string;
  Phone: string;
  Address: string;
};

export type DeskStoreOrderWire = {
  Id: number;
  ItemName: string;
  Points: number;
  Status: StoreOrderStatusWire;
  AccountPhone: string;
  Recipient: string | null;
  Phone: string | null;
  Address: string | null;
  Carrier: string | null;
  TrackingNo: string | null;
  CreatedAt: string;
  ShippedAt: string | null;
};

export type DeskRafflePrizeWire = {
  Id: number;
  Name: string;
  Kind: RafflePrizeKindWire;
  /** Vouchers: yuan; points: points; a coupon: 1. */
  Amount: number | string;
  Stock: number;
  /** Out of 10,000. */
  Weight: number;
  Active: boolean;
};

export type DeskRaffleWire = {
  Code: string;
  Name: string;
  StartsAt: string;
  EndsAt: string;
  State: "upcoming" | "open" | "ended";
  Prizes: DeskRafflePrizeWire[];
  /** The 谢谢参与 band: what the active prizes leave of 10,000. */
  NoPrizeWeight: number;
};

export type DeskRaffleDrawWire = {
  Id: number;
  Phone: string;
  CreatedAt: string;
  Outcome: RaffleOutcomeWire;
  PrizeName: string | null;
  RandomValue: number;
  PickedPrizeId: number | null;
  Odds: { PrizeId: number; Name: string; Weight: number; Stock: number }[];
};

export type DeskPartnerWire = {
  UserId: number;
  Phone: string;
  Code: string;
  AgreedAt: string;
  Referred: number;
  Settled: string;
  Withdrawn: string;
};

export type DeskRefusedBindingWire = {
  ReferredPhone: string;
  PartnerPhone: string;
  PartnerCode: string;
  Reason: ReferralRefusalWire;
  RegisteredAt: string;
  DecidedAt: string;
};

export type DeskMarketingCalls = {
  "/points-store/items": MainApiCall<NoFields, DeskStoreItemWire[], "none">;
  "/points-store/items/detail": MainApiCall<{ id: number }, DeskStoreItemWire, "none">;
  "/points-store/items/add": MainApiCall<DeskStoreItemAddFields, DeskStoreItemWire, "none">;
  "/points-store/items/set": MainApiCall<DeskStoreItemSetFields, DeskStoreItemWire, "none">;
  "/points-store/orders": MainApiCall<
    PageFields & { view?: "pending" | "shipped" },
    PageWire<DeskStoreOrderWire>,
    "none"
  >;
  /** One order's full recipient, phone and address for its parcel label; each read is audited. */
  "/points-store/orders/label": MainApiCall<{ id: number }, DeskShippingLabelWire, "none">;
  "/points-store/orders/ship": MainApiCall<
    { id: number; carrier: string; tracking_no: string },
    { Id: number; Carrier: string; TrackingNo: string },
    "none"
  >;
  "/raffle/detail": MainApiCall<NoFields, DeskRaffleWire, "none">;
  "/raffle/draws": MainApiCall<PageFields, PageWire<DeskRaffleDrawWire>, "none">;
  /** Beijing time to the minute, as a datetime-local input gives it: "2026-11-29T10:00". */
  "/raffle/window": MainApiCall<{ starts_at: string; ends_at: string }, DeskRaffleWire, "none">;
  "/raffle/prize/set": MainApiCall<
    {
      id: number;
      stock?: string | number;
      /** As for a store item: the stock the form showed. */
      stock_shown?: string | number;
      weight?: string | number;
      active?: "0" | "1";
    },
    DeskRaffleWire,
    "none"
  >;
  "/partners/list": MainApiCall<PageFields, PageWire<DeskPartnerWire>, "none">;
  "/partners/refused": MainApiCall<PageFields, PageWire<DeskRefusedBindingWire>, "none">;
};
