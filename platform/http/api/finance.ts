import { Hono } from "hono";
import { z } from "zod";
import type { FinanceCalls } from "../../contract/finance";
import { dailySpending, exportBalanceChanges, listBalanceChanges } from "../../modules/finance/balance-changes";
import { listOrders } from "../../modules/finance/orders";
import { getRefundable, getWithdrawal, listWithdrawals, requestWithdrawal } from "../../modules/wallet/withdrawals";
import {
  dateRangeFields,
  ENTRY_KINDS,
  idempotencyKey,
  ORDER_KINDS,
  ORDER_STATUSES,
  shanghaiRange,
  WALLETS,
} from "../../rules/finance";
import { amountFen } from "../../rules/fields";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toBalanceChange, toDailySpending, toOrderItem, toRefundable, toWithdrawal } from "../shapes/finance";
import { toPage } from "../shapes/page";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

export const financeApi = new Hono<Env>();
const on = contractRoutes<FinanceCalls>(financeApi);

/** An optional choice among `values`; an empty field means "any". */
const choice = <T extends string>(label: string, values: readonly [T, ...T[]]) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(values, { errorMap: () => ({ message: `${label}不正确` }) }).optional(),
  );

export const orderFields = z
  .object({
    page: f.page,
    page_size: f.pageSize(50, 10),
    kind: choice("订单类型", ORDER_KINDS),
    status: choice("订单状态", ORDER_STATUSES),
  })
  .and(dateRangeFields);

on.post("/get_order", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(orderFields, form);
  const page = await listOrders(c.var.ctx, caller, {
    page: input.page,
    pageSize: input.page_size,
    kind: input.kind ?? null,
    status: input.status ?? null,
    range: shanghaiRange(input.start_date, input.end_date),
  });
  return toPage(page, toOrderItem);
});

export const balanceChangeFields = z
  .object({
    page: f.page,
    page_size: f.pageSize(100, 20),
    kind: choice("变动类型", ENTRY_KINDS),
    wallet: choice("账户类型", WALLETS),
  })
  .and(dateRangeFields);

on.post("/get_wallet_balance_change_list", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(balanceChangeFields, form);
  const page = await listBalanceChanges(c.var.ctx, caller, {
    page: input.page,
    pageSize: input.page_size,
    kind: input.kind ?? null,
    wallet: input.wallet ?? null,
    range: shanghaiRange(input.start_date, input.end_date),
  });
  return toPage(page, toBalanceChange);
});

/** The most entries one CSV export holds. */
export const EXPORT_LIMIT = 10_000;

const exportFields = z
  .object({ kind: choice("变动类型", ENTRY_KINDS), wallet: choice("账户类型", WALLETS) })
  .and(dateRangeFields);

on.post("/get_wallet_balance_change_export", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(exportFields, form);
  const exported = await exportBalanceChanges(c.var.ctx, caller, {
    kind: input.kind ?? null,
    wallet: input.wallet ?? null,
    range: shanghaiRange(input.start_date, input.end_date),
    limit: EXPORT_LIMIT,
  });
  return { list: exported.entries.map(toBalanceChange), too_many: exported.tooMany, limit: EXPORT_LIMIT };
});

export const spendingFields = dateRangeFields.refine((v) => v.start_date && v.end_date, {
  message: "请选择开始日期和结束日期",
  path: ["start_date"],
});

on.post("/get_wallet_daily_spending", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(spendingFields, form);
  const days = await dailySpending(c.var.ctx, caller, { from: input.start_date!, to: input.end_date! });
  return toDailySpending(days);
});

on.post("/withdraw/get_refundable", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toRefundable(await getRefundable(c.var.ctx, caller));
});

const withdrawFields = z.object({
  amount: amountFen,
  destination: f.requiredText("收款账户", 200),
  idempotency_key: idempotencyKey,
});

on.post("/withdraw/create", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(withdrawFields, form);
  const withdrawal = await requestWithdrawal(c.var.ctx, caller, {
    amountFen: input.amount,
    destination: input.destination,
    idempotencyKey: input.idempotency_key,
  });
  return toWithdrawal(withdrawal);
});

const withdrawalPageFields = z.object({ page: f.page, page_size: f.pageSize(50, 10) });

on.post("/withdraw/get_list", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(withdrawalPageFields, form);
  return toPage(
    await listWithdrawals(c.var.ctx, caller, { page: input.page, pageSize: input.page_size }),
    toWithdrawal,
  );
});

const withdrawalFields = z.object({ id: f.id("提现编号") });

on.post("/withdraw/get_detail", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(withdrawalFields, form);
  return toWithdrawal(await getWithdrawal(c.var.ctx, caller, { id: input.id }));
});
