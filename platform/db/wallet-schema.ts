import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { users } from "./schema";

/*
 * The wallet's tables (issue 10): recharge orders and what payment providers
 * told us, purchase orders, coupons, voucher offers, withdrawals and the
 * operators' audit. The ledger itself is `ledger_entries` in schema.ts.
 * Money is integer fen everywhere.
 */

const userRef = () =>
  bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id);

/**
 * A top-up: by QR (WeChat pay_type 1, Alipay pay_type 0) or by corporate
 * transfer (pay_type 2, credited only when an operator confirms it).
 * `out_trade_no` is what the provider and the user see.
 */
export const rechargeOrders = pgTable(
  "recharge_orders",
  {
    id: id(),
    outTradeNo: text("out_trade_no").notNull(),
    userId: userRef(),
    amountFen: bigint("amount_fen", { mode: "number" }).notNull(),
    payType: integer("pay_type").notNull(),
    /** pending → paid | closed (QR expired or cancelled) | rejected (a transfer the operator refused). */
    status: text("status", { enum: ["pending", "paid", "closed", "rejected"] })
      .notNull()
      .default("pending"),
    /** The payment provider that holds the order: sandbox, wechatpay, alipay, or transfer. */
    provider: text("provider").notNull(),
    /** What the QR encodes (the provider's code_url / qr_code); null until created, and for transfers. */
    qrContent: text("qr_content"),
    qrExpiresAt: at("qr_expires_at"),
    /** The provider's own id of the payment, once paid. */
    providerTradeNo: text("provider_trade_no"),
    createdAt: at("created_at").notNull().defaultNow(),
    paidAt: at("paid_at"),
    closedAt: at("closed_at"),
  },
  (t) => [
    uniqueIndex("recharge_orders_out_trade_no_uq").on(t.outTradeNo),
    index("recharge_orders_user_idx").on(t.userId, t.id),
    index("recharge_orders_pending_idx")
      .on(t.qrExpiresAt)
      .where(sql`${t.status} = 'pending'`),
    check("recharge_orders_amount_pos", sql`${t.amountFen} > 0`),
    check("recharge_orders_pay_type_known", sql`${t.payType} in (0, 1, 2)`),
    check("recharge_orders_status_known", sql`${t.status} in ('pending', 'paid', 'closed', 'rejected')`),
    check("recharge_orders_paid_has_time", sql`(${t.status} <> 'paid') or (${t.paidAt} is not null)`),
  ],
);

/**
 * Every payment callback that reached us, verified or not: what it claimed and
 * what we did with it. Forged, tampered, duplicate and wrong-amount callbacks
 * are kept here (and logged), and change nothing else.
 */
export const paymentCallbacks = pgTable(
  "payment_callbacks",
  {
    id: id(),
    provider: text("provider").notNull(),
    outTradeNo: text("out_trade_no"),
    outcome: text("outcome", {
      enum: ["credited", "duplicate", "refused_signature", "refused_amount", "unknown_order", "not_paid", "malformed"],
    }).notNull(),
    detail: text("detail").notNull().default(""),
    receivedAt: at("received_at").notNull().defaultNow(),
  },
  (t) => [index("payment_callbacks_order_idx").on(t.outTradeNo)],
);

/**
 * Something bought from the wallet: compute vouchers now; rentals, renewals
 * and upgrades with the market issue. Records which wallet paid how much and
 * how the price was computed.
 */
export const purchaseOrders = pgTable(
  "purchase_orders",
  {
    id: id(),
    orderNo: text("order_no").notNull(),
    userId: userRef(),
    /** Which sub-account placed it, if one did. */
    subAccountId: bigint("sub_account_id", { mode: "number" }),
    kind: text("kind").notNull(),
    amountFen: bigint("amount_fen", { mode: "number" }).notNull(),
    paidVoucherFen: bigint("paid_voucher_fen", { mode: "number" }).notNull().default(0),
    paidCashFen: bigint("paid_cash_fen", { mode: "number" }).notNull().default(0),
    status: text("status", { enum: ["paid", "refunded"] })
      .notNull()
      .default("paid"),
    /** What was bought: "voucher_offer:<id>", "instance:<id>", … */
    refersTo: text("refers_to").notNull(),
    /** How the amount was computed, for the bill that explains itself. */
    detail: jsonb("detail")
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("purchase_orders_order_no_uq").on(t.orderNo),
    index("purchase_orders_user_idx").on(t.userId, t.id),
    check("purchase_orders_amount_nonneg", sql`${t.amountFen} >= 0`),
    check("purchase_orders_paid_nonneg", sql`${t.paidVoucherFen} >= 0 and ${t.paidCashFen} >= 0`),
    check("purchase_orders_status_known", sql`${t.status} in ('paid', 'refunded')`),
  ],
);

/** An offer of compute vouchers for cash (`/buy_power_money`), for example ¥1000 → ¥1050 of vouchers. */
export const voucherOffers = pgTable(
  "voucher_offers",
  {
    id: id(),
    priceFen: bigint("price_fen", { mode: "number" }).notNull(),
    voucherFen: bigint("voucher_fen", { mode: "number" }).notNull(),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("voucher_offers_price_pos", sql`${t.priceFen} > 0`),
    check("voucher_offers_no_loss", sql`${t.voucherFen} >= ${t.priceFen}`),
  ],
);

/**
 * A coupon group (spec §3): Type 0 recharge voucher (Amount to Money), 1
 * discount (Discount, kept as basis points: 8500 = 0.85), 2 threshold reduction
 * (Amount off when the order is at least MoneyLimit). Empty target lists mean
 * "any".
 */
export const couponGroups = pgTable(
  "coupon_groups",
  {
    id: id(),
    name: text("name").notNull(),
    type: integer("type").notNull(),
    amountFen: bigint("amount_fen", { mode: "number" }).notNull().default(0),
    discountBp: integer("discount_bp").notNull().default(10000),
    moneyLimitFen: bigint("money_limit_fen", { mode: "number" }).notNull().default(0),
    /** Days a claimed coupon stays usable; 0: until the group's end. */
    useTimeLimitDays: integer("use_time_limit_days").notNull().default(0),
    targetGoods: text("target_goods")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    targetImage: text("target_image")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 0 any rental, 1 package rentals only. */
    targetUseMode: integer("target_use_mode").notNull().default(0),
    /** 0 everyone, 1 verified students, 2 verified enterprises. */
    targetUserVerifyType: integer("target_user_verify_type").notNull().default(0),
    /**
     * Listed in the coupon centre and claimable there. False for groups whose coupons are only given: the points
     * store's and the raffle's (exchanged for points or won, never claimed for free).
     */
    inCouponCentre: boolean("in_coupon_centre").notNull().default(true),
    beginAt: at("begin_at").notNull(),
    endAt: at("end_at").notNull(),
    totalNum: integer("total_num").notNull(),
    remainNum: integer("remain_num").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("coupon_groups_type_known", sql`${t.type} in (0, 1, 2)`),
    check("coupon_groups_remain_bounds", sql`${t.remainNum} >= 0 and ${t.remainNum} <= ${t.totalNum}`),
    check("coupon_groups_amount_nonneg", sql`${t.amountFen} >= 0 and ${t.moneyLimitFen} >= 0`),
    check(
      "coupon_groups_value_by_type",
      sql`(${t.type} = 1 and ${t.discountBp} > 0 and ${t.discountBp} < 10000) or (${t.type} in (0, 2) and ${t.amountFen} > 0)`,
    ),
    check("coupon_groups_window", sql`${t.endAt} > ${t.beginAt}`),
    check("coupon_groups_use_days_nonneg", sql`${t.useTimeLimitDays} >= 0`),
    check("coupon_groups_use_mode_known", sql`${t.targetUseMode} in (0, 1)`),
    check("coupon_groups_verify_type_known", sql`${t.targetUserVerifyType} in (0, 1, 2)`),
  ],
);

/** A coupon a user claimed: one per user per group. */
export const userCoupons = pgTable(
  "user_coupons",
  {
    id: id(),
    userId: userRef(),
    groupId: bigint("group_id", { mode: "number" })
      .notNull()
      .references(() => couponGroups.id),
    claimedAt: at("claimed_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    /** What it paid for: "recharge_coupon", "instance:<id>", … */
    usedFor: text("used_for"),
  },
  (t) => [
    uniqueIndex("user_coupons_one_per_group_uq").on(t.userId, t.groupId),
    index("user_coupons_user_idx").on(t.userId, t.id),
    check("user_coupons_used_together", sql`(${t.usedAt} is null) = (${t.usedFor} is null)`),
  ],
);

/**
 * A request to withdraw refundable cash. The amount leaves Money when asked
 * (held); approval keeps it out, rejection posts it back.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: id(),
    userId: userRef(),
    amountFen: bigint("amount_fen", { mode: "number" }).notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    /** Where the money goes: the account holder's own words (bank, account, name). */
    destination: text("destination").notNull(),
    /**
     * What is paid out: the account's refundable cash (held by a ledger entry), or a sales partner's settled
     * commission (held on `sales_partners.withdrawn_fen`; the wallet never sees it, decision 124).
     */
    source: text("source", { enum: ["cash", "commission"] })
      .notNull()
      .default("cash"),
    reason: text("reason"),
    decidedBy: text("decided_by"),
    createdAt: at("created_at").notNull().defaultNow(),
    decidedAt: at("decided_at"),
  },
  (t) => [
    index("withdrawals_user_idx").on(t.userId, t.id),
    check("withdrawals_amount_pos", sql`${t.amountFen} > 0`),
    check("withdrawals_status_known", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("withdrawals_source_known", sql`${t.source} in ('cash', 'commission')`),
    check("withdrawals_decided_together", sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
  ],
);

/** Every operator action (`npm run ops`): who, what, on what, and the state before and after. */
export const opsAudit = pgTable(
  "ops_audit",
  {
    id: id(),
    actor: text("actor").notNull(),
    command: text("command").notNull(),
    target: text("target").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("ops_audit_target_idx").on(t.target, t.id)],
);

export const walletSchema = {
  rechargeOrders,
  paymentCallbacks,
  purchaseOrders,
  voucherOffers,
  couponGroups,
  userCoupons,
  withdrawals,
  opsAudit,
};
