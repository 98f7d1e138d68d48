/**
 * The sales-partner program (issue 39 §2, decisions 114 and 115) through the API and the modules: joining, the
 * first touch and its binding at registration, the fraud rules, accrual of cash spending and refunds, monthly
 * settlement after the holding period, withdrawal to the wallet, scoping, and concurrency (real races on PostgreSQL).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { mainAccount, subAccount } from "../../../tests/support/instances";
import { referredCash, touchReferral, verifiedPartner } from "../../../tests/support/partner";
import { DAY, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { postToLedger } from "../wallet/ledger";
import { incomeSummary, withdrawToWallet } from "./income";
import { settleCommissions } from "./settle";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-06-10T04:00:00Z") });
});
afterAll(() => t.close());

async function referralOf(userId: number) {
  const rows = await t.db.execute(sql`select status, reason from referrals where referred_user_id = ${userId}`);
  return (rows as unknown as { rows: { status: string; reason: string | null }[] }).rows[0];
}

describe("sales partner", () => {
  it("only verified main accounts join; a sub-account does not see the program", async () => {
    const unverified = await mainAccount(t);
    const refused = await t.post("/sales_partner/join", { session: unverified.token, agree: "1" });
    expect(refused.body.reason).toBe("完成实名认证后才能成为销售合伙人");
    const partner = await verifiedPartner(t);
    expect(partner.code).toMatch(/^[A-Z2-9]{8}$/);
    const again = await t.post("/sales_partner/join", { session: partner.token, agree: "1" });
    expect(again.body.data.Code).toBe(partner.code);
    const noAgreement = await mainAccount(t);
    await t.db.update(users).set({ verifiedAs: "personal" }).where(eq(users.id, noAgreement.userId));
    const unticked = await t.post("/sales_partner/join", { session: noAgreement.token });
    expect(unticked.body.status).not.toBe(0);
    const sub = await subAccount(t, partner, 0);
    const subView = await t.post("/sales_partner/dashboard", { session: sub.token });
    expect(subView.body.status).not.toBe(0);
    expect(subView.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
  });

  it("binds a registration within 30 days of the first touch, listed with a masked phone", async () => {
    const partner = await verifiedPartner(t);
    const touchId = await touchReferral(t, partner.code);
    expect(touchId).toMatch(/^[a-f0-9]{32}$/);
    const referred = await t.registerUser({ fields: { referral_touch: touchId } });
    expect(await referralOf(referred.userId)).toEqual({ status: "bound", reason: null });
    const dashboard = await t.post("/sales_partner/dashboard", { session: partner.token });
    expect(dashboard.body.data.Referred).toEqual([
      expect.objectContaining({ Phone: `${referred.phone.slice(0, 3)}****${referred.phone.slice(-4)}` }),
    ]);
    // An old touch does not bind.
    const late = await touchReferral(t, partner.code);
    t.clock.advance(31 * DAY);
    const lateUser = await t.registerUser({ fields: { referral_touch: late } });
    expect(await referralOf(lateUser.userId)).toEqual({ status: "refused", reason: "touch_expired" });
    const unknown = await t.post("/sales_partner/touch", { code: "ZZZZZZZZ" });
    expect(unknown.body.data.TouchId).toBeNull();
  });

  it("refuses self-referral from the partner's own browser and from its sub-accounts, without failing registration", async () => {
    const partner = await verifiedPartner(t);
    const own = await touchReferral(t, partner.code, partner.token);
    const second = await t.registerUser({ fields: { referral_touch: own } });
    expect(second.token).toBeTruthy();
    expect(await referralOf(second.userId)).toEqual({ status: "refused", reason: "same_device" });
    const sub = await subAccount(t, partner, 0);
    const fromSub = await touchReferral(t, partner.code, sub.token);
    const third = await t.registerUser({ fields: { referral_touch: fromSub } });
    expect(await referralOf(third.userId)).toEqual({ status: "refused", reason: "sub_account" });
    const dashboard = await t.post("/sales_partner/dashboard", { session: partner.token });
    expect(dashboard.body.data.Referred).toEqual([]);
  });

  it("refuses the binding once the referred account verifies with the partner's ID number", async () => {
    const partner = await verifiedPartner(t);
    const referred = await t.registerUser({ fields: { referral_touch: await touchReferral(t, partner.code) } });
    const at = t.clock.now();
    for (const userId of [partner.userId, referred.userId])
      await t.db
        .execute(sql`insert into verification_entries (user_id, kind, method, status, id_number_hash, id_number_sealed, created_at, decided_at)
        values (${userId}, 'personal', 'bank_card', 'verified', ${"h-" + partner.userId}, 'pd1.test', ${at.toISOString()}::timestamptz,
          ${at.toISOString()}::timestamptz)`);
    await settleCommissions(t.ctx);
    expect(await referralOf(referred.userId)).toEqual({ status: "refused", reason: "same_id_number" });
  });

  it("accrues cash spending and refunds, settles the month after the holding period, withdraws to the wallet", async () => {
    const partner = await verifiedPartner(t);
    const referred = await t.registerUser({ fields: { referral_touch: await touchReferral(t, partner.code) } });
    await t.setWallets(referred.userId, { cashFen: 100_000 });
    await referredCash(t, referred.userId, "purchase", 30_000);
    await referredCash(t, referred.userId, "refund", 10_000);
    await postToLedger(t.ctx, {
      userId: referred.userId,
      operationKey: `partner-voucher-${referred.userId}`,
      refersTo: "test",
      movements: [{ wallet: "voucher", kind: "purchase", amountFen: -1 }],
    }).catch(() => undefined);
    await settleCommissions(t.ctx);
    const before = await t.post("/income/list", { session: partner.token });
    expect(before.body.data.Entries.map((e: { State: string; Amount: string }) => [e.State, e.Amount]).sort()).toEqual([
      ["clawed_back", "100.00"],
      ["pending", "300.00"],
    ]);
    expect(before.body.data.Summary).toMatchObject({ Pending: "10.00", Settled: "0.00", Available: "0.00" });
    expect(
      await outcomeOf(withdrawToWallet(t.ctx, partner.caller, { amountFen: 1, operationKey: "too-early-1" })),
    ).toBe("COMMISSION_INSUFFICIENT");
    // Settles only after the month's end plus the holding period.
    t.clock.advance(60 * DAY);
    expect(await settleCommissions(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await settleCommissions(t.ctx)).toBe(0);
    // Sessions lapse while the clock moves two months: a fresh one for the partner.
    partner.token = await t.login(partner.phone, partner.password);
    expect(await incomeSummary(t.ctx, partner.caller)).toMatchObject({
      pendingFen: 0,
      settledFen: 1_000,
      availableFen: 1_000,
    });
    const [{ moneyFen: cashBefore }] = await t.db
      .select({ moneyFen: users.moneyFen })
      .from(users)
      .where(eq(users.id, partner.userId));
    const out = await t.post("/income/withdraw_to_wallet", {
      session: partner.token,
      amount: "10",
      operation_key: "withdraw-all-1",
    });
    expect(out.body.status).toBe(0);
    const replay = await t.post("/income/withdraw_to_wallet", {
      session: partner.token,
      amount: "10",
      operation_key: "withdraw-all-1",
    });
    expect(replay.body.data.Replayed).toBe(true);
    const [{ moneyFen: cashAfter, accumulated }] = await t.db
      .select({ moneyFen: users.moneyFen, accumulated: users.accumulatedTopUpFen })
      .from(users)
      .where(eq(users.id, partner.userId));
    expect(cashAfter - cashBefore).toBe(1_000);
    expect(accumulated).toBe(0);
    const more = await t.post("/income/withdraw_to_wallet", {
      session: partner.token,
      amount: "0.01",
      operation_key: "withdraw-more-1",
    });
    expect(more.body.reason).toBe("可提现佣金不足");
  });

  it("another partner's entries and referred accounts are not visible; a non-partner gets not found", async () => {
    const a = await verifiedPartner(t);
    const referred = await t.registerUser({ fields: { referral_touch: await touchReferral(t, a.code) } });
    await t.setWallets(referred.userId, { cashFen: 10_000 });
    await referredCash(t, referred.userId, "purchase", 5_000);
    await settleCommissions(t.ctx);
    const b = await verifiedPartner(t);
    const bList = await t.post("/income/list", { session: b.token });
    expect(bList.body.data.Entries).toEqual([]);
    const bDash = await t.post("/sales_partner/dashboard", { session: b.token });
    expect(bDash.body.data.Referred).toEqual([]);
    const stranger = await mainAccount(t);
    for (const path of ["/income/list", "/sales_partner/dashboard", "/income/withdraw_to_wallet"]) {
      const reply = await t.post(path, { session: stranger.token, amount: "1", operation_key: "stranger-key-1" });
      expect(reply.body, path).toMatchObject({ status: 1, key: "NOT_FOUND" });
    }
  });

  it("concurrent withdrawals never take more than settled; concurrent settlements settle a month once", async () => {
    const partner = await verifiedPartner(t);
    const referred = await t.registerUser({ fields: { referral_touch: await touchReferral(t, partner.code) } });
    await t.setWallets(referred.userId, { cashFen: 200_000 });
    await referredCash(t, referred.userId, "purchase", 100_000); // 5% → ¥50
    t.clock.advance(60 * DAY);
    await Promise.all(Array.from({ length: 4 }, () => settleCommissions(t.ctx)));
    const statements = await t.db.execute(
      sql`select count(*)::int as n, sum(commission_fen)::int as fen from commission_statements where partner_user_id = ${partner.userId}`,
    );
    expect((statements as unknown as { rows: { n: number; fen: number }[] }).rows[0]).toEqual({ n: 1, fen: 5_000 });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        outcomeOf(
          withdrawToWallet(t.ctx, partner.caller, { amountFen: 1_000, operationKey: `race-${partner.userId}-${i}` }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(5);
    expect(outcomes.filter((o) => o === "COMMISSION_INSUFFICIENT")).toHaveLength(15);
    expect(await incomeSummary(t.ctx, partner.caller)).toMatchObject({
      settledFen: 5_000,
      withdrawnFen: 5_000,
      availableFen: 0,
    });
  });
});
