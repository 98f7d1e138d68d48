/**
 * The check every test platform runs at close (tests/support/platform.ts): an
 * account whose row differs from the sum of its ledger entries is found.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { users } from "../../db/schema";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

it("finds an account whose balance was written beside the ledger, and none once it is put back", async () => {
  const user = await t.registerUser();
  await t.setWallets(user.userId, { cashFen: 50_00, creditFen: 100_00, voucherFen: 7 });
  expect(await t.unbalancedAccounts()).not.toContain(user.userId);
  await t.db.update(users).set({ moneyFen: 50_01 }).where(eq(users.id, user.userId));
  expect(await t.unbalancedAccounts()).toContain(user.userId);
  await t.db.update(users).set({ moneyFen: 50_00 }).where(eq(users.id, user.userId));
  expect(await t.unbalancedAccounts()).toEqual([]);
});
