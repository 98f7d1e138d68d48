/**
 * Sales-partner fixtures for platform tests (issue 39 §2): a verified partner, a referral touch, a referred
 * account's cash spending, and a partner with settled commission to withdraw.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { users } from "../../platform/db/schema";
import { settleCommissions } from "../../platform/modules/partner/settle";
import { postToLedger } from "../../platform/modules/wallet/ledger";
import type { TestAccount } from "./instances";
import { DAY, type TestPlatform } from "./platform";

export type TestPartner = TestAccount & { phone: string; password: string; code: string };

/** A personal account, verified, that has joined the program. */
export async function verifiedPartner(t: TestPlatform): Promise<TestPartner> {
  const user = await t.registerUser();
  await t.db.update(users).set({ verifiedAs: "personal" }).where(eq(users.id, user.userId));
  const joined = await t.post("/sales_partner/join", { session: user.token, agree: "1" });
  expect(joined.body.status).toBe(0);
  return { ...user, subAccountId: null, caller: await t.callerOf(user), code: joined.body.data.Code as string };
}

/** A visitor follows the partner's link: the first-touch id a registration carries. */
export async function touchReferral(t: TestPlatform, code: string, session?: string): Promise<string> {
  const reply = await t.post("/sales_partner/touch", { code, session });
  expect(reply.body.status).toBe(0);
  return reply.body.data.TouchId as string;
}

let spends = 0;

/** A cash purchase (or refund) of a referred account, straight through the ledger. */
export const referredCash = (t: TestPlatform, userId: number, kind: "purchase" | "refund", amountFen: number) =>
  postToLedger(t.ctx, {
    userId,
    operationKey: `partner-test-${process.pid}-${++spends}`,
    refersTo: "test",
    movements: [{ wallet: "cash", kind, amountFen: kind === "purchase" ? -amountFen : amountFen }],
  });

/**
 * A partner whose referred account spent `spendFen` cash, settled: the clock moves 60 days on (so sessions lapse:
 * the partner's token is a fresh one). At the lowest tier (5 %) ¥1,000 spent settles ¥50.
 */
export async function partnerWithSettledCommission(t: TestPlatform, spendFen: number): Promise<TestPartner> {
  const partner = await verifiedPartner(t);
  const referred = await t.registerUser({ fields: { referral_touch: await touchReferral(t, partner.code) } });
  await t.setWallets(referred.userId, { cashFen: spendFen });
  await referredCash(t, referred.userId, "purchase", spendFen);
  t.clock.advance(60 * DAY);
  await settleCommissions(t.ctx);
  return { ...partner, token: await t.login(partner.phone, partner.password) };
}
