/**
 * `credit set` and `vouchers grant` through the operator door (/ops/run, as
 * `npm run ops` sends them): posted to the ledger, audited, and `credit set`
 * refused below the credit in use.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, users } from "../../db/schema";
import { opsAudit } from "../../db/wallet-schema";
import { ledgerSums } from "../../modules/wallet/ledger";
import { spendForPurchase } from "../../modules/wallet/spend";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const wallets = async (userId: number) =>
  (
    await t.db
      .select({ cash: users.moneyFen, voucher: users.powerMoneyFen, credit: users.creditQuotaFen })
      .from(users)
      .where(eq(users.id, userId))
  )[0]!;

async function expectBalanced(userId: number) {
  expect(await wallets(userId)).toEqual(await ledgerSums(t.ctx, userId));
}

describe("credit set", () => {
  it("grants, raises and lowers a quota through the ledger, each audited", async () => {
    const user = await t.registerUser();
    const granted = await t.ops("credit set", { user: user.phone, amount: "1000" }, "alice");
    expect(granted.http).toBe(200);
    expect(granted.body).toMatchObject({ ok: true, outcome: { target: `user:${user.phone}` } });
    expect((await wallets(user.userId)).credit).toBe(1_000_00);
    await t.ops("credit set", { user: user.phone, amount: "300.50" });
    expect((await wallets(user.userId)).credit).toBe(300_50);
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.userId));
    expect(entries.map((e) => [e.wallet, e.kind, e.amountFen, e.balanceAfterFen])).toEqual([
      ["credit", "credit", 1_000_00, 1_000_00],
      ["credit", "credit", -699_50, 300_50],
    ]);
    const [audit] = await t.db.select().from(opsAudit).where(eq(opsAudit.id, granted.body.auditId));
    expect(audit).toMatchObject({
      actor: "alice",
      command: "credit set",
      before: { creditQuotaFen: 0 },
      after: { creditQuotaFen: 1_000_00 },
    });
    await expectBalanced(user.userId);
  });

  it("refuses lowering the quota below the credit in use, and changes nothing", async () => {
    const user = await t.registerUser();
    await t.ops("credit set", { user: user.phone, amount: "500" });
    await spendForPurchase(
      t.ctx,
      { origin: { ip: null }, sessionId: 0, userId: user.userId, subAccountId: null },
      {
        operationKey: "use-credit",
        kind: "rental",
        refersTo: "instance:1",
        priceFen: 200_00,
        allowVouchers: true,
        allowCredit: true,
      },
    );
    const auditsBefore = (await t.db.select().from(opsAudit)).length;
    const refused = await t.ops("credit set", { user: user.phone, amount: "199.99" });
    expect(refused.http).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, error: "BAD_REQUEST" });
    expect(refused.body.message).toContain("200.00");
    expect(await wallets(user.userId)).toEqual({ cash: -200_00, voucher: 0, credit: 500_00 });
    expect((await t.db.select().from(opsAudit)).length).toBe(auditsBefore);
    expect((await t.ops("credit set", { user: user.phone, amount: "200" })).body.ok).toBe(true);
    await expectBalanced(user.userId);
  });

  it("refuses an unknown phone and a malformed amount", async () => {
    expect((await t.ops("credit set", { user: "19999999999", amount: "10" })).body).toMatchObject({
      ok: false,
      error: "ACCOUNT_NOT_FOUND",
    });
    const user = await t.registerUser();
    expect((await t.ops("credit set", { user: user.phone, amount: "-5" })).body).toMatchObject({
      ok: false,
      error: "bad_arguments",
    });
  });
});

describe("vouchers grant", () => {
  it("grants vouchers through the ledger with the note, audited", async () => {
    const user = await t.registerUser();
    const reply = await t.ops("vouchers grant", { user: user.phone, amount: "50", note: "活动赠送" }, "bob");
    expect(reply.body).toMatchObject({ ok: true });
    await t.ops("vouchers grant", { user: user.phone, amount: "0.5" });
    expect((await wallets(user.userId)).voucher).toBe(50_50);
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.userId));
    expect(entries.map((e) => [e.wallet, e.kind, e.amountFen, e.note])).toEqual([
      ["voucher", "voucher", 50_00, "活动赠送"],
      ["voucher", "voucher", 50, "运营赠送算力券（test-operator）"],
    ]);
    const [audit] = await t.db.select().from(opsAudit).where(eq(opsAudit.id, reply.body.auditId));
    expect(audit).toMatchObject({ actor: "bob", command: "vouchers grant", after: { powerMoneyFen: 50_00 } });
    expect((await t.ops("vouchers grant", { user: user.phone, amount: "0" })).body).toMatchObject({
      ok: false,
      error: "bad_arguments",
    });
    await expectBalanced(user.userId);
  });
});
