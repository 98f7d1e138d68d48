/**
 * A sales partner's commission paid to a bank account (issue 39 §2, decision 124): a withdrawal request of source
 * "commission", reviewed like a cash withdrawal. It takes the amount from the available commission at once, never
 * touches the wallet, the refundable cash or the invoiceable amount, and a rejection gives the amount back once.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { mainAccount } from "../../../tests/support/instances";
import { partnerWithSettledCommission } from "../../../tests/support/partner";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { invoiceableFen } from "../../rules/invoices";
import { invoiceableTermsOf } from "../invoices/amount";
import { approveWithdrawal, refundableCash, rejectWithdrawal } from "../wallet/withdrawals";
import { incomeSummary, withdrawToBank, withdrawToWallet } from "./income";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-06-10T04:00:00Z") });
});
afterAll(() => t.close());

const ACCOUNT = "招商银行 6225 8812 3456 7890 张三";

/** Everything a bank withdrawal of commission must leave alone: the wallet, what is refundable and invoiceable. */
async function walletFigures(userId: number) {
  const [row] = await t.db.select({ cash: users.moneyFen }).from(users).where(eq(users.id, userId));
  const refundable = await refundableCash(t.ctx, userId);
  const terms = await invoiceableTermsOf(t.db, userId);
  const entries = await t.db.execute(sql`select count(*)::int as n from ledger_entries where user_id = ${userId}`);
  return {
    cash: row!.cash,
    refundable: refundable.refundableFen,
    pending: refundable.pendingFen,
    invoiceable: invoiceableFen(terms),
    entries: (entries as unknown as { rows: { n: number }[] }).rows[0]!.n,
  };
}

describe("commission to a bank account", () => {
  it("holds the amount, leaves the wallet, refundable and invoiceable alone, and is reviewed like a withdrawal", async () => {
    const partner = await partnerWithSettledCommission(t, 100_000); // ¥50 settled
    // The partner's own top-up: refundable and invoiceable ¥200 before and after.
    await t.setWallets(partner.userId, { accumulatedFen: 20_000, cashFen: 20_000 });
    const before = await walletFigures(partner.userId);
    expect(before).toMatchObject({ cash: 20_000, refundable: 20_000, pending: 0, invoiceable: 20_000 });

    const asked = await t.post("/income/withdraw_to_bank", {
      session: partner.token,
      amount: "30",
      account: ACCOUNT,
      operation_key: "bank-30-first",
    });
    expect(asked.body).toMatchObject({
      status: 0,
      data: { Amount: "30.00", Destination: "bank", Status: "pending", Account: ACCOUNT, Replayed: false },
    });
    const replay = await t.post("/income/withdraw_to_bank", {
      session: partner.token,
      amount: "30",
      account: ACCOUNT,
      operation_key: "bank-30-first",
    });
    expect(replay.body.data).toMatchObject({ Id: asked.body.data.Id, Replayed: true });
    expect(
      await outcomeOf(withdrawToWallet(t.ctx, partner.caller, { amountFen: 3_000, operationKey: "bank-30-first" })),
    ).toBe("OPERATION_CONFLICT");

    expect(await incomeSummary(t.ctx, partner.caller)).toMatchObject({ withdrawnFen: 3_000, availableFen: 2_000 });
    expect(await walletFigures(partner.userId)).toEqual(before);
    // The request sits among the account's withdrawals, marked as commission, for the same review.
    const list = await t.post("/withdraw/get_list", { session: partner.token, page: 1, page_size: 10 });
    expect(list.body.data.list).toHaveLength(1);
    const request = list.body.data.list[0];
    expect(request).toMatchObject({ Amount: "30.00", Source: "commission", Status: "pending", Destination: ACCOUNT });

    // Rejected: the ¥30 is available commission again, once; the wallet still unchanged.
    await rejectWithdrawal(t.ctx, { id: request.Id, actor: "finance-test", reason: "户名与实名不符" });
    expect(await outcomeOf(rejectWithdrawal(t.ctx, { id: request.Id, actor: "finance-test", reason: "again" }))).toBe(
      "WITHDRAWAL_DECIDED",
    );
    expect(await incomeSummary(t.ctx, partner.caller)).toMatchObject({ withdrawnFen: 0, availableFen: 5_000 });
    expect(await walletFigures(partner.userId)).toEqual(before);
    const income = await t.post("/income/list", { session: partner.token });
    expect(income.body.data.Withdrawals[0]).toMatchObject({ Status: "rejected", Reason: "户名与实名不符" });

    // Asked again and approved: paid out, and it stays out of the available commission.
    const again = await withdrawToBank(t.ctx, partner.caller, {
      amountFen: 5_000,
      operationKey: "bank-50-second",
      account: ACCOUNT,
    });
    const [second] = (await t.post("/withdraw/get_list", { session: partner.token, page: 1, page_size: 10 })).body.data
      .list;
    await approveWithdrawal(t.ctx, { id: second.Id, actor: "finance-test" });
    expect(await incomeSummary(t.ctx, partner.caller)).toMatchObject({ withdrawnFen: 5_000, availableFen: 0 });
    const [latest] = (await t.post("/income/list", { session: partner.token })).body.data.Withdrawals;
    expect(latest).toMatchObject({ Id: again.id, Status: "approved", Amount: "50.00" });
    expect(await walletFigures(partner.userId)).toEqual(before);
  });

  it("refuses a missing or long account, a bad amount, more than available, and a stranger", async () => {
    const partner = await partnerWithSettledCommission(t, 100_000);
    const ask = (fields: Record<string, string>) =>
      t.post("/income/withdraw_to_bank", {
        session: partner.token,
        operation_key: `bad-${Math.random()}`.replace(".", ""),
        ...fields,
      });
    expect((await ask({ amount: "10", account: "" })).body).toMatchObject({ status: 1, key: "BAD_REQUEST" });
    expect((await ask({ amount: "10", account: "银".repeat(201) })).body).toMatchObject({
      status: 1,
      key: "BAD_REQUEST",
    });
    expect((await ask({ amount: "-1", account: ACCOUNT })).body).toMatchObject({ status: 1 });
    expect((await ask({ amount: "50.01", account: ACCOUNT })).body).toMatchObject({
      status: 1,
      key: "COMMISSION_INSUFFICIENT",
    });
    expect(await incomeSummary(t.ctx, partner.caller)).toMatchObject({ withdrawnFen: 0, availableFen: 5_000 });
    const [{ n }] = (
      (await t.db.execute(
        sql`select count(*)::int as n from withdrawals where user_id = ${partner.userId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n).toBe(0);
    const stranger = await mainAccount(t);
    const refused = await t.post("/income/withdraw_to_bank", {
      session: stranger.token,
      amount: "1",
      account: ACCOUNT,
      operation_key: "stranger-bank-1",
    });
    expect(refused.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
  });

  it("concurrent bank and wallet withdrawals never take more than settled", async () => {
    const partner = await partnerWithSettledCommission(t, 100_000); // ¥50
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const input = { amountFen: 1_000, operationKey: `mixed-race-${partner.userId}-${i}` };
        return outcomeOf(
          i % 2 === 0
            ? withdrawToBank(t.ctx, partner.caller, { ...input, account: ACCOUNT })
            : withdrawToWallet(t.ctx, partner.caller, input),
        );
      }),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(5);
    expect(outcomes.filter((o) => o === "COMMISSION_INSUFFICIENT")).toHaveLength(15);
    const rows = await t.db.execute(
      sql`select coalesce(sum(amount_fen), 0)::int as fen from commission_withdrawals where partner_user_id = ${partner.userId}`,
    );
    expect((rows as unknown as { rows: { fen: number }[] }).rows[0]!.fen).toBe(5_000);
    expect(await incomeSummary(t.ctx, partner.caller)).toMatchObject({ withdrawnFen: 5_000, availableFen: 0 });
  });
});
