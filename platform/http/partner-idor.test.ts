/**
 * IDOR walk of the sales-partner calls (issue 39 §2): they take no ids, so another partner, a non-partner and the
 * owner's sub-account each see only their own (or not found), the owner's withdrawal key is nobody else's, and
 * nothing of the owner's changes.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { subAccount } from "../../tests/support/instances";
import { DAY, startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";
import { postToLedger } from "../modules/wallet/ledger";
import { settleCommissions } from "../modules/partner/settle";

let t: TestPlatform;
let owner: RegisteredUser;
let referredPhone: string;
/** The owner's bank withdrawal of commission, as a withdrawal request id. */
let ownerBankRequest: number;

async function partner(): Promise<RegisteredUser> {
  const user = await t.registerUser();
  await t.db.update(users).set({ verifiedAs: "personal" }).where(eq(users.id, user.userId));
  expect((await t.post("/sales_partner/join", { session: user.token, agree: "1" })).body.status).toBe(0);
  return user;
}

const snapshot = async () =>
  (
    (await t.db.execute(sql`select settled_fen, withdrawn_fen,
      (select count(*)::int from commission_entries where partner_user_id = ${owner.userId}) as entries,
      (select count(*)::int from commission_withdrawals where partner_user_id = ${owner.userId}) as withdrawals
      from sales_partners where user_id = ${owner.userId}`)) as unknown as { rows: unknown[] }
  ).rows;

beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-03-05T04:00:00Z") });
  owner = await partner();
  const code = (await t.post("/sales_partner/standing", { session: owner.token })).body.data.Code as string;
  const touch = (await t.post("/sales_partner/touch", { code })).body.data.TouchId as string;
  const referred = await t.registerUser({ fields: { referral_touch: touch } });
  referredPhone = referred.phone;
  await t.setWallets(referred.userId, { cashFen: 50_000 });
  await postToLedger(t.ctx, {
    userId: referred.userId,
    operationKey: "idor-spend-1",
    refersTo: "test",
    movements: [{ wallet: "cash", kind: "purchase", amountFen: -40_000 }],
  });
  t.clock.advance(45 * DAY);
  await settleCommissions(t.ctx);
  owner.token = await t.login(owner.phone, owner.password);
  const out = await t.post("/income/withdraw_to_wallet", {
    session: owner.token,
    amount: "1",
    operation_key: "owner-key-1",
  });
  expect(out.body.status).toBe(0);
  const bank = await t.post("/income/withdraw_to_bank", {
    session: owner.token,
    amount: "1",
    account: "工商银行 6222 0000 1111 2222 户主",
    operation_key: "owner-bank-1",
  });
  expect(bank.body.status).toBe(0);
  ownerBankRequest = (await t.post("/withdraw/get_list", { session: owner.token, page: 1, page_size: 10 })).body.data
    .list[0].Id;
});
afterAll(() => t.close());

describe("the sales-partner calls with another caller", () => {
  it("another partner sees none of the owner's rows, and the owner's key is its own new withdrawal", async () => {
    const before = await snapshot();
    const other = await partner();
    for (const path of ["/income/list", "/sales_partner/dashboard"]) {
      const reply = await t.post(path, { session: other.token });
      expect(reply.body.status, path).toBe(0);
      expect(JSON.stringify(reply.body.data), path).not.toContain(referredPhone.slice(-4) + '"');
    }
    const list = await t.post("/income/list", { session: other.token });
    expect(list.body.data).toMatchObject({ Entries: [], Withdrawals: [] });
    const replay = await t.post("/income/withdraw_to_wallet", {
      session: other.token,
      amount: "1",
      operation_key: "owner-key-1",
    });
    expect(replay.body).toMatchObject({ status: 1, key: "COMMISSION_INSUFFICIENT" });
    const bankReplay = await t.post("/income/withdraw_to_bank", {
      session: other.token,
      amount: "1",
      account: "工商银行 6222 0000 1111 2222 户主",
      operation_key: "owner-bank-1",
    });
    expect(bankReplay.body).toMatchObject({ status: 1, key: "COMMISSION_INSUFFICIENT" });
    const detail = await t.post("/withdraw/get_detail", { session: other.token, id: ownerBankRequest });
    expect(detail.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
    expect(await snapshot()).toEqual(before);
  });

  it("a non-partner and the owner's sub-account are answered not found, and nothing changes", async () => {
    const before = await snapshot();
    const stranger = await t.registerUser();
    const sub = await subAccount(t, { ...owner, subAccountId: null, caller: await t.callerOf(owner) }, 0);
    for (const token of [stranger.token, sub.token])
      for (const path of [
        "/income/list",
        "/sales_partner/dashboard",
        "/income/withdraw_to_wallet",
        "/income/withdraw_to_bank",
      ]) {
        const reply = await t.post(path, {
          session: token,
          amount: "1",
          account: "某银行",
          operation_key: "owner-key-1",
        });
        expect(reply.body, path).toMatchObject({ status: 1, key: "NOT_FOUND" });
      }
    expect(await snapshot()).toEqual(before);
  });
});
