/**
 * A main account's management of its sub-accounts (issue 38 §3, docs/decisions/107 and 108): the list, the
 * limit, the password, disabling, deleting, the permissions and the monthly budget. Every operation finds the
 * sub-account by id AND the caller's main account (another account's id is NOT_FOUND and changes nothing), and
 * a sub-account calling any of them gets NOT_FOUND too.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedRowsOf } from "../../db/prepared";
import { inTransaction } from "../../db/tx";
import { subAccountCanUseFen } from "../../rules/balances";
import { beijingMonth } from "../../rules/sub-account-budget";
import { isStrongPassword } from "../../rules/validation";
import { hashPassword } from "../accounts/passwords";
import { createSubAccount } from "../accounts/sub-accounts";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { date, num } from "../finance/rows";

export interface ManagedSubAccount {
  id: number;
  name: string;
  limitFen: number;
  usedFen: number;
  /** What it can still spend: its unused limit, bounded by the main account's cash and credit. */
  canUseFen: number;
  runningInstances: number;
  lastLoginAt: Date | null;
  disabled: boolean;
  mayRent: boolean;
  seesMainNotifications: boolean;
  monthlyBudgetFen: number | null;
  stopAtBudget: boolean;
  /** What it spent this month (Asia/Shanghai). */
  monthSpentFen: number;
  createdAt: Date;
}

function mainOnly(caller: Caller): void {
  if (caller.subAccountId !== null) fail("NOT_FOUND");
}

/** The caller's sub-accounts that are not deleted, oldest first. */
export async function listSubAccounts(ctx: Ctx, caller: Caller): Promise<ManagedSubAccount[]> {
  mainOnly(caller);
  const [main] = await preparedRowsOf<{ money_fen: unknown; power_money_fen: unknown; credit_quota_fen: unknown }>(
    ctx.db,
    sql`select money_fen, power_money_fen, credit_quota_fen from users where id = ${caller.userId}`,
  );
  if (!main) return fail("NOT_FOUND");
  const wallets = {
    moneyFen: num(main.money_fen),
    powerMoneyFen: num(main.power_money_fen),
    creditQuotaFen: num(main.credit_quota_fen),
  };
  const rows = await preparedRowsOf<{
    id: unknown;
    name: string;
    money_limit_fen: unknown;
    money_used_fen: unknown;
    disabled_at: unknown;
    created_at: unknown;
    may_rent: boolean | null;
    sees_main_notifications: boolean | null;
    monthly_budget_fen: unknown;
    stop_at_budget: boolean | null;
    month_spent_fen: unknown;
    running: unknown;
    last_login_at: unknown;
  }>(
    ctx.db,
    sql`select a.id, a.name, a.money_limit_fen, a.money_used_fen, a.disabled_at, a.created_at,
          s.may_rent, s.sees_main_notifications, s.monthly_budget_fen, s.stop_at_budget,
          coalesce(m.spent_fen, 0) as month_spent_fen,
          (select count(*) from instances i where i.sub_account_id = a.id and i.state = 'running') as running,
          (select max(r.at) from sign_in_records r
            where r.user_id = a.main_user_id and r.sub_account_id = a.id and r.result = 'ok') as last_login_at
        from sub_accounts a
        left join sub_account_settings s on s.sub_account_id = a.id
        left join sub_account_month_spending m on m.sub_account_id = a.id and m.month = ${beijingMonth(ctx.now())}
        where a.main_user_id = ${caller.userId} and s.deleted_at is null
        order by a.id`,
  );
  return rows.map((r) => {
    const limitFen = num(r.money_limit_fen);
    const usedFen = num(r.money_used_fen);
    return {
      id: num(r.id),
      name: r.name,
      limitFen,
      usedFen,
      canUseFen: subAccountCanUseFen(limitFen, usedFen, wallets),
      runningInstances: num(r.running),
      lastLoginAt: r.last_login_at === null ? null : date(r.last_login_at),
      disabled: r.disabled_at !== null,
      mayRent: r.may_rent ?? true,
      seesMainNotifications: r.sees_main_notifications ?? false,
      monthlyBudgetFen: r.monthly_budget_fen === null ? null : num(r.monthly_budget_fen),
      stopAtBudget: r.stop_at_budget ?? false,
      monthSpentFen: num(r.month_spent_fen),
      createdAt: date(r.created_at),
    };
  });
}

/** Adds a sub-account (name unique within the main account, a strong password, a limit in fen). */
export async function addSubAccount(
  ctx: Ctx,
  caller: Caller,
  input: { name: string; password: string; moneyLimitFen: number },
): Promise<{ subAccountId: number }> {
  mainOnly(caller);
  return createSubAccount(ctx, caller, input);
}

/**
 * Locks the caller's (not deleted) sub-account `id` in `tx`, making its settings row if it has none, or
 * answers NOT_FOUND.
 */
async function lockOwned(tx: Db, caller: Caller, id: number): Promise<{ usedFen: number }> {
  const [row] = await preparedRowsOf<{ money_used_fen: unknown; deleted_at: unknown }>(
    tx,
    sql`select a.money_used_fen, s.deleted_at from sub_accounts a
        left join sub_account_settings s on s.sub_account_id = a.id
        where a.id = ${id} and a.main_user_id = ${caller.userId}
        for update of a`,
  );
  if (!row || row.deleted_at !== null) return fail("NOT_FOUND");
  await preparedRowsOf(
    tx,
    sql`insert into sub_account_settings (sub_account_id) values (${id}) on conflict (sub_account_id) do nothing`,
  );
  return { usedFen: num(row.money_used_fen) };
}

function owned<T>(ctx: Ctx, caller: Caller, id: number, fn: (tx: Db, row: { usedFen: number }) => Promise<T>) {
  mainOnly(caller);
  return inTransaction(ctx.db, async (tx) => fn(tx, await lockOwned(tx, caller, id)));
}

/** Sets the limit; never below what the sub-account has used (refused beside `money_limit`). */
export function updateSubAccountLimit(ctx: Ctx, caller: Caller, input: { id: number; moneyLimitFen: number }) {
  if (!Number.isSafeInteger(input.moneyLimitFen) || input.moneyLimitFen < 0)
    fail("BAD_REQUEST", "money_limit", "额度必须是非负金额");
  return owned(ctx, caller, input.id, async (tx, row) => {
    if (input.moneyLimitFen < row.usedFen) fail("SUB_ACCOUNT_LIMIT_BELOW_USED", "money_limit");
    await preparedRowsOf(
      tx,
      sql`update sub_accounts set money_limit_fen = ${input.moneyLimitFen} where id = ${input.id}`,
    );
  });
}

/** Ends every live session of the sub-account (disable, delete, new password). */
async function endSessions(tx: Db, now: Date, subAccountId: number): Promise<void> {
  await preparedRowsOf(
    tx,
    sql`update sessions set revoked_at = ${now.toISOString()}::timestamptz
        where sub_account_id = ${subAccountId} and revoked_at is null`,
  );
}

/** A new password; the sub-account's sessions end (it signs in again with the new one). */
export async function resetSubAccountPassword(ctx: Ctx, caller: Caller, input: { id: number; password: string }) {
  if (!isStrongPassword(input.password)) fail("PASSWORD_WEAK", "password");
  const passwordHash = await hashPassword(input.password);
  return owned(ctx, caller, input.id, async (tx) => {
    await preparedRowsOf(tx, sql`update sub_accounts set password_hash = ${passwordHash} where id = ${input.id}`);
    await endSessions(tx, ctx.now(), input.id);
  });
}

/** Disables (its sessions end at once, it cannot sign in) or enables the sub-account. */
export function setSubAccountDisabled(ctx: Ctx, caller: Caller, input: { id: number; disabled: boolean }) {
  return owned(ctx, caller, input.id, async (tx) => {
    const now = ctx.now();
    await preparedRowsOf(
      tx,
      sql`update sub_accounts
          set disabled_at = ${input.disabled ? sql`coalesce(disabled_at, ${now.toISOString()}::timestamptz)` : sql`null`}
          where id = ${input.id}`,
    );
    if (input.disabled) await endSessions(tx, now, input.id);
  });
}

/**
 * Deletes the sub-account, only when none of its instances is left unreleased. Soft (decision 108): its orders,
 * ledger entries, instances and work orders keep naming it; it is disabled, its sessions end, it leaves the list,
 * and its name stays taken.
 */
export function deleteSubAccount(ctx: Ctx, caller: Caller, input: { id: number }) {
  return owned(ctx, caller, input.id, async (tx) => {
    const [left] = await preparedRowsOf<{ n: unknown }>(
      tx,
      sql`select count(*) as n from instances where sub_account_id = ${input.id} and state <> 'released'`,
    );
    if (num(left?.n ?? 0) > 0) fail("SUB_ACCOUNT_HAS_INSTANCES");
    const now = ctx.now().toISOString();
    await preparedRowsOf(
      tx,
      sql`update sub_accounts set disabled_at = coalesce(disabled_at, ${now}::timestamptz) where id = ${input.id}`,
    );
    await preparedRowsOf(
      tx,
      sql`update sub_account_settings set deleted_at = ${now}::timestamptz where sub_account_id = ${input.id}`,
    );
    await endSessions(tx, ctx.now(), input.id);
  });
}

/**
 * Whether it may rent new instances (running ones are untouched either way), and whether it sees the main account's
 * notifications too (read-only).
 */
export function updateSubAccountPermissions(
  ctx: Ctx,
  caller: Caller,
  input: { id: number; mayRent: boolean; seesMainNotifications: boolean },
) {
  return owned(ctx, caller, input.id, async (tx) => {
    await preparedRowsOf(
      tx,
      sql`update sub_account_settings
          set may_rent = ${input.mayRent}, sees_main_notifications = ${input.seesMainNotifications}
          where sub_account_id = ${input.id}`,
    );
  });
}

/** The monthly budget (null: none) and whether its running instances stop when the budget is used up. */
export function updateSubAccountBudget(
  ctx: Ctx,
  caller: Caller,
  input: { id: number; monthlyBudgetFen: number | null; stopAtBudget: boolean },
) {
  if (input.monthlyBudgetFen !== null && (!Number.isSafeInteger(input.monthlyBudgetFen) || input.monthlyBudgetFen < 0))
    fail("BAD_REQUEST", "monthly_budget", "预算必须是非负金额");
  return owned(ctx, caller, input.id, async (tx) => {
    await preparedRowsOf(
      tx,
      sql`update sub_account_settings
          set monthly_budget_fen = ${input.monthlyBudgetFen}, stop_at_budget = ${input.stopAtBudget}
          where sub_account_id = ${input.id}`,
    );
  });
}
