/**
 * `withdrawal approve` and `withdrawal reject` through the operators' runner:
 * the decision and its audit row land together; a rejection posts the held
 * amount back once; a decided, unknown or malformed id changes nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HISTORY, writeHistory } from "../../../tests/support/finance-history";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { users } from "../../db/schema";
import { opsAudit, withdrawals } from "../../db/wallet-schema";
import { resolveSession } from "../../modules/accounts/sessions";
import { ledgerSums } from "../../modules/wallet/ledger";
import { requestWithdrawal } from "../../modules/wallet/withdrawals";
import { runOpsCommand } from "../run";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

let keys = 0;
async function pendingWithdrawal(amountFen: number) {
  const user = await t.registerUser();
  await writeHistory(t, user.userId, `ops${user.userId}`);
  const caller = await resolveSession(t.ctx, { origin: { ip: null } }, { token: user.token });
  const asked = await requestWithdrawal(t.ctx, caller, {
    amountFen,
    destination: "建设银行 6217 0000 张三",
    idempotencyKey: `ops-test-key-${++keys}-0000000`,
  });
  return { userId: user.userId, id: asked.id };
}

const cashOf = async (userId: number) =>
  (await t.db.select({ cash: users.moneyFen }).from(users).where(eq(users.id, userId)))[0]!.cash;
const auditsOf = (id: number) =>
  t.db
    .select()
    .from(opsAudit)
    .where(eq(opsAudit.target, `withdrawal:${id}`));
const run = (command: string, args: Record<string, string>) => runOpsCommand(t.ctx, { command, args, actor: "alice" });

async function expectBalanced(userId: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  expect({ cash: row!.moneyFen, voucher: row!.powerMoneyFen, credit: row!.creditQuotaFen }).toEqual(
    await ledgerSums(t.ctx, userId),
  );
}

describe("withdrawal approve", () => {
  it("approves, audits who and what, and moves no money", async () => {
    const { userId, id } = await pendingWithdrawal(30_00);
    const result = await run("withdrawal approve", { id: String(id) });
    expect(result).toMatchObject({ ok: true, outcome: { target: `withdrawal:${id}` } });
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({ status: "approved", decidedBy: "alice" });
    const [audit] = await auditsOf(id);
    expect(audit).toMatchObject({ actor: "alice", command: "withdrawal approve" });
    expect(audit!.before).toMatchObject({ status: "pending" });
    expect(audit!.after).toMatchObject({ status: "approved" });
    expect(await cashOf(userId)).toBe(HISTORY.cashFen - 30_00);
    await expectBalanced(userId);
  });
});

describe("withdrawal reject", () => {
  it("rejects with the reason, posts the amount back once, and audits it", async () => {
    const { userId, id } = await pendingWithdrawal(40_00);
    const result = await run("withdrawal reject", { id: String(id), reason: "户名与实名信息不符" });
    expect(result.ok).toBe(true);
    expect(await cashOf(userId)).toBe(HISTORY.cashFen);
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({ status: "rejected", reason: "户名与实名信息不符", decidedBy: "alice" });
    // Again, or approving it now: refused, nothing moves, no second audit.
    await expect(run("withdrawal reject", { id: String(id), reason: "再次驳回" })).rejects.toMatchObject({
      key: "WITHDRAWAL_DECIDED",
    });
    await expect(run("withdrawal approve", { id: String(id) })).rejects.toMatchObject({ key: "WITHDRAWAL_DECIDED" });
    expect(await cashOf(userId)).toBe(HISTORY.cashFen);
    expect(await auditsOf(id)).toHaveLength(1);
    await expectBalanced(userId);
  });

  it("refuses a missing reason, an unknown id and a malformed id without running", async () => {
    const { userId, id } = await pendingWithdrawal(1_00);
    expect(await run("withdrawal reject", { id: String(id) })).toMatchObject({ ok: false, error: "bad_arguments" });
    expect(await run("withdrawal approve", { id: "1; drop table" })).toMatchObject({
      ok: false,
      error: "bad_arguments",
    });
    await expect(run("withdrawal approve", { id: "999999999" })).rejects.toMatchObject({ key: "NOT_FOUND" });
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row!.status).toBe("pending");
    expect(await auditsOf(id)).toHaveLength(0);
    expect(await cashOf(userId)).toBe(HISTORY.cashFen - 1_00);
  });
});
