/**
 * Paying for something from the wallet (issue 10 §3, spec §9): the one way a
 * purchase (compute vouchers now; rentals, renewals, upgrades and post-paid
 * items with the market issue) takes money. One transaction writes the
 * purchase order and its ledger entries; the account row's lock orders
 * concurrent purchases of one account; the operation key makes a resubmission
 * answer the first order and move nothing. docs/decisions/033.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedRowsOf } from "../../db/prepared";
import { subAccounts } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { subAccountCanUseFen } from "../../rules/balances";
import { fenToYuan } from "../../rules/money";
import { chargeMonthBudget } from "../sub-accounts/budget";
import { planPurchasePayment } from "../../rules/purchase-payment";
import type { Caller, Ctx } from "../context";

/** What a wallet operation needs of the context: the database and the clock (the seed has no providers). */
type WalletCtx = Pick<Ctx, "db" | "now">;
import { fail } from "../errors";
import { date, num } from "../finance/rows";
import { lockAccountBalances, postNewToLockedAccount, type Balances, type Movement } from "./ledger";

/** What is bought: "power_money" (compute vouchers); the market issue adds "rental", "renewal", "upgrade", … */
export type PurchaseKind = string;

export interface PurchaseInput {
  /** Unique per account: the form's hidden key. Submitting it again answers the first order. */
  operationKey: string;
  kind: PurchaseKind;
  /** What the money is for: "voucher_offer:<id>", "instance:<id>", … */
  refersTo: string;
  priceFen: number;
  /** How the price was computed, kept on the order. */
  detail?: Record<string, unknown>;
  /** Vouchers pay first when allowed (rentals, renewals, upgrades, post-paid items); never for buying vouchers. */
  allowVouchers: boolean;
  /** Whether cash may go below zero into the credit quota. */
  allowCredit: boolean;
  /** Movements posted with the payment (the vouchers a voucher purchase buys). */
  credits?: Movement[];
}

export interface PurchaseOrder {
  id: number;
  orderNo: string;
  userId: number;
  subAccountId: number | null;
  kind: string;
  amountFen: number;
  paidVoucherFen: number;
  paidCashFen: number;
  status: "paid" | "refunded";
  refersTo: string;
  detail: unknown;
  createdAt: Date;
  /** True when the operation key had been submitted before: nothing moved this time. */
  replayed: boolean;
}

/**
 * The order number follows from the account and the operation key, so two
 * submissions of one key can only ever make one order (a unique index backs
 * the row lock up). "P" and 20 hex digits.
 */
export function purchaseOrderNo(userId: number, operationKey: string): string {
  return `P${createHash("sha256").update(`${userId}\n${operationKey}`).digest("hex").slice(0, 20).toUpperCase()}`;
}

/** The refusal a page turns into the fast-pay dialog: `data.shortfall` is the top-up (yuan) that would do. */
function refuseShortfall(shortfallFen: number, subAccount: boolean): never {
  return fail(subAccount ? "SUB_ACCOUNT_LIMIT_REACHED" : "BALANCE_BELOW_PRICE", undefined, undefined, {
    shortfall: fenToYuan(shortfallFen),
    shortfall_fen: shortfallFen,
  });
}

function checkInput(input: PurchaseInput): void {
  if (!Number.isSafeInteger(input.priceFen) || input.priceFen < 0) fail("BAD_REQUEST", "price");
  if (input.operationKey.length < 1 || input.operationKey.length > 128) fail("BAD_REQUEST", "operation_key");
  if (!input.kind || !input.refersTo) fail("BAD_REQUEST");
}

/**
 * Pays `priceFen` from the caller's main account: vouchers first (when
 * allowed), then cash, then available credit. A sub-account pays from its
 * main account's cash and credit (never its vouchers, which it does not see),
 * within what it can still use; its used amount rises in the same
 * transaction, only while it stays within the limit. Refuses with
 * BALANCE_BELOW_PRICE (可用余额少于套餐价格!) or SUB_ACCOUNT_LIMIT_REACHED, with
 * the shortfall, and moves nothing. A sub-account's spend also counts against its
 * monthly budget (SUB_ACCOUNT_BUDGET_REACHED past it; decision 107).
 */
export async function spendForPurchase(ctx: WalletCtx, caller: Caller, input: PurchaseInput): Promise<PurchaseOrder> {
  checkInput(input);
  return inTransaction(ctx.db, async (tx) => {
    // The account row's lock first: one account's purchases queue here.
    const account = await lockAccountBalances(tx, caller.userId);
    return spendFromLockedAccount(tx, ctx.now(), caller, account, input);
  });
}

/**
 * spendForPurchase's work, for a caller that already holds the main
 * account's row lock in its own transaction (a rental: decision 050):
 * `account` is what it read under that lock, still current. No savepoint,
 * no second lock: the order check, the ledger's two statements and the order.
 */
export async function spendFromLockedAccount(
  tx: Db,
  now: Date,
  caller: Caller,
  account: Balances,
  input: PurchaseInput,
): Promise<PurchaseOrder> {
  checkInput(input);
  const orderNo = purchaseOrderNo(caller.userId, input.operationKey);
  // SQL templates, not the builder, on this path (decision 050).
  const [earlierRow] = await preparedRowsOf<OrderRow>(
    tx,
    sql`select ${ORDER_COLUMNS} from purchase_orders where order_no = ${orderNo}`,
  );
  const earlier = earlierRow ? orderOfRow(earlierRow) : undefined;
  if (earlier) {
    const same =
      earlier.userId === caller.userId &&
      earlier.subAccountId === caller.subAccountId &&
      earlier.kind === input.kind &&
      earlier.refersTo === input.refersTo &&
      earlier.amountFen === input.priceFen;
    if (!same) fail("OPERATION_CONFLICT");
    return { ...earlier, replayed: true };
  }

  const sub = caller.subAccountId !== null;
  const wallets = {
    moneyFen: account.cashFen,
    powerMoneyFen: account.voucherFen,
    creditQuotaFen: account.creditQuotaFen,
  };
  const plan = planPurchasePayment(wallets, input.priceFen, {
    allowVouchers: input.allowVouchers && !sub,
    allowCredit: input.allowCredit,
  });
  if (!plan.ok) refuseShortfall(plan.shortfallFen, sub);

  if (sub) {
    // Conditional on the limit: the used amount never passes it, whatever runs at the same time.
    const [raised] = await tx
      .update(subAccounts)
      .set({ moneyUsedFen: sql`${subAccounts.moneyUsedFen} + ${input.priceFen}` })
      .where(
        and(
          eq(subAccounts.id, caller.subAccountId!),
          eq(subAccounts.mainUserId, caller.userId),
          sql`${subAccounts.moneyUsedFen} + ${input.priceFen} <= ${subAccounts.moneyLimitFen}`,
        ),
      )
      .returning({ limitFen: subAccounts.moneyLimitFen, usedFen: subAccounts.moneyUsedFen });
    if (!raised) {
      const [row] = await tx
        .select({ limitFen: subAccounts.moneyLimitFen, usedFen: subAccounts.moneyUsedFen })
        .from(subAccounts)
        .where(and(eq(subAccounts.id, caller.subAccountId!), eq(subAccounts.mainUserId, caller.userId)));
      if (!row) return fail("NOT_FOUND");
      refuseShortfall(Math.max(1, input.priceFen - subAccountCanUseFen(row.limitFen, row.usedFen, wallets)), true);
    }
    // The limit's UPDATE holds the sub-account's row lock: its month's budget is raised under it (decision 107).
    await chargeMonthBudget(tx, now, { userId: caller.userId, subAccountId: caller.subAccountId! }, input.priceFen);
  }

  const movements: Movement[] = [];
  if (plan.voucherFen > 0) movements.push({ wallet: "voucher", kind: "purchase", amountFen: -plan.voucherFen });
  if (plan.cashFen > 0) movements.push({ wallet: "cash", kind: "purchase", amountFen: -plan.cashFen });
  movements.push(...(input.credits ?? []));
  // The order number follows from the key, and the order was not there: the ledger has no entries under it either.
  if (movements.length > 0)
    await postNewToLockedAccount(
      tx,
      now,
      { userId: caller.userId, operationKey: input.operationKey, refersTo: `purchase:${orderNo}`, movements },
      account,
    );

  const detail = input.detail ?? {};
  const [order] = await preparedRowsOf<{ id: unknown }>(
    tx,
    sql`insert into purchase_orders
          (order_no, user_id, sub_account_id, kind, amount_fen, paid_voucher_fen, paid_cash_fen, status, refers_to,
           detail, created_at)
        values (${orderNo}, ${caller.userId}, ${caller.subAccountId}, ${input.kind}, ${input.priceFen},
          ${plan.voucherFen}, ${plan.cashFen}, 'paid', ${input.refersTo}, ${JSON.stringify(detail)}::jsonb,
          ${now.toISOString()}::timestamptz)
        returning id`,
  );
  return {
    id: num(order!.id),
    orderNo,
    userId: caller.userId,
    subAccountId: caller.subAccountId,
    kind: input.kind,
    amountFen: input.priceFen,
    paidVoucherFen: plan.voucherFen,
    paidCashFen: plan.cashFen,
    status: "paid",
    refersTo: input.refersTo,
    detail,
    createdAt: now,
    replayed: false,
  };
}

const ORDER_COLUMNS = sql.raw(
  "id, order_no, user_id, sub_account_id, kind, amount_fen, paid_voucher_fen, paid_cash_fen, status, refers_to, detail, created_at",
);

interface OrderRow {
  id: unknown;
  order_no: string;
  user_id: unknown;
  sub_account_id: unknown;
  kind: string;
  amount_fen: unknown;
  paid_voucher_fen: unknown;
  paid_cash_fen: unknown;
  status: "paid" | "refunded";
  refers_to: string;
  detail: unknown;
  created_at: unknown;
}

function orderOfRow(row: OrderRow): Omit<PurchaseOrder, "replayed"> {
  return {
    id: num(row.id),
    orderNo: row.order_no,
    userId: num(row.user_id),
    subAccountId: row.sub_account_id === null ? null : num(row.sub_account_id),
    kind: row.kind,
    amountFen: num(row.amount_fen),
    paidVoucherFen: num(row.paid_voucher_fen),
    paidCashFen: num(row.paid_cash_fen),
    status: row.status,
    refersTo: row.refers_to,
    detail: typeof row.detail === "string" ? (JSON.parse(row.detail) as unknown) : row.detail,
    createdAt: date(row.created_at),
  };
}
