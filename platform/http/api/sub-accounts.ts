import { Hono } from "hono";
import { z } from "zod";
import type { SubAccountCalls } from "../../contract/sub-accounts";
import {
  addSubAccount,
  deleteSubAccount,
  listSubAccounts,
  resetSubAccountPassword,
  setSubAccountDisabled,
  updateSubAccountBudget,
  updateSubAccountLimit,
  updateSubAccountPermissions,
} from "../../modules/sub-accounts/manage";
import { amountUpTo, newPassword } from "../../rules/fields";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toSubAccount } from "../shapes/sub-accounts";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** A main account's sub-accounts (issue 38 §3; platform/contract/sub-accounts.ts). */
export const subAccountsApi = new Hono<Env>();
const on = contractRoutes<SubAccountCalls>(subAccountsApi);

/** At most ¥10,000,000.00 for a limit or a budget. */
const MAX_AMOUNT_FEN = 1_000_000_000;
const limit = amountUpTo(MAX_AMOUNT_FEN, "额度不能超过 ¥10,000,000.00");
const budget = z.union([
  z.literal("").transform(() => null),
  amountUpTo(MAX_AMOUNT_FEN, "预算不能超过 ¥10,000,000.00"),
]);
const subAccountId = f.id("子账号");

const AddFields = z.object({ name: f.requiredText("子账号名称", 32), password: newPassword, money_limit: limit });
const IdFields = z.object({ id: subAccountId });
const LimitFields = z.object({ id: subAccountId, money_limit: limit });
const PasswordFields = z.object({ id: subAccountId, password: newPassword });
const PermissionFields = z.object({
  id: subAccountId,
  may_rent: f.flag("允许租用"),
  sees_main_notifications: f.flag("查看主账号通知"),
});
const BudgetFields = z.object({
  id: subAccountId,
  monthly_budget: budget.optional().transform((v) => v ?? null),
  stop_at_budget: f.flag("达到预算时关机"),
});

on.post("/get_user_sub_accounts", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return { sub_accounts: (await listSubAccounts(c.var.ctx, caller)).map(toSubAccount) };
});

on.post("/add_user_sub_account", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(AddFields, form);
  const added = await addSubAccount(c.var.ctx, caller, {
    name: input.name,
    password: input.password,
    moneyLimitFen: input.money_limit,
  });
  return { id: added.subAccountId };
});

on.post("/update_user_sub_account_limit", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(LimitFields, form);
  await updateSubAccountLimit(c.var.ctx, caller, { id: input.id, moneyLimitFen: input.money_limit });
  return null;
});

on.post("/reset_user_sub_account_password", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  await resetSubAccountPassword(c.var.ctx, caller, parseFields(PasswordFields, form));
  return null;
});

for (const [path, disabled] of [
  ["/disable_user_sub_account", true],
  ["/enable_user_sub_account", false],
] as const)
  on.post(path, async (c) => {
    const form = await readForm(c);
    const caller = await callerFromForm(c, form);
    const { id } = parseFields(IdFields, form);
    await setSubAccountDisabled(c.var.ctx, caller, { id, disabled });
    return null;
  });

on.post("/delete_user_sub_account", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  await deleteSubAccount(c.var.ctx, caller, parseFields(IdFields, form));
  return null;
});

on.post("/update_user_sub_account_permissions", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(PermissionFields, form);
  await updateSubAccountPermissions(c.var.ctx, caller, {
    id: input.id,
    mayRent: input.may_rent,
    seesMainNotifications: input.sees_main_notifications,
  });
  return null;
});

on.post("/update_user_sub_account_budget", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(BudgetFields, form);
  await updateSubAccountBudget(c.var.ctx, caller, {
    id: input.id,
    monthlyBudgetFen: input.monthly_budget,
    stopAtBudget: input.stop_at_budget,
  });
  return null;
});
