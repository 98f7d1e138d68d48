/**
 * The sub-account calls (issue 38 §3 and §5) over HTTP: add, list, limit (never below what is used, beside the
 * field), new password, disable (the sub-account's next request fails) and enable, permissions, budget, delete
 * (refused with an unreleased instance; soft). Then the IDOR walk: every call with another main account's
 * sub-account id is NOT_FOUND and changes nothing; a sub-account calling them gets NOT_FOUND.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subAccounts } from "../db/schema";
import { subAccountSettings } from "../db/sub-account-budget-schema";
import type { SubAccountCalls } from "../contract/sub-accounts";
import { daily, opKey, testOffer } from "../../tests/support/instances";
import { startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";
import { createInstance } from "../modules/instances/create";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

async function addSub(owner: RegisteredUser, name: string, limit = "100.00") {
  const reply = await t.post("/add_user_sub_account", {
    session: owner.token,
    name,
    password: "Subpass123",
    money_limit: limit,
  });
  expect(reply.body).toMatchObject({ status: 0 });
  return reply.body.data.id as number;
}

const signInAs = async (owner: RegisteredUser, name: string, password = "Subpass123") => {
  const reply = await t.post("/sub_account_login", { phone: owner.phone, name, password });
  expect(reply.body).toMatchObject({ status: 0 });
  return reply.body.data.token as string;
};

const list = async (token: string) =>
  (await t.post<{ sub_accounts: { id: number; [k: string]: unknown }[] }>("/get_user_sub_accounts", { session: token }))
    .body;

describe("a main account's sub-accounts", () => {
  it("are added, listed, limited, disabled, enabled and deleted", async () => {
    const owner = await t.registerUser();
    await t.setWallets(owner.userId, { cashFen: 500_00 });
    const id = await addSub(owner, "dev-alice", "120.50");
    expect(
      (
        await t.post("/add_user_sub_account", {
          session: owner.token,
          name: "dev-alice",
          password: "Subpass123",
          money_limit: "1",
        })
      ).body,
    ).toMatchObject({
      status: 1,
      data: { field: "name" },
    });
    expect(
      (
        await t.post("/add_user_sub_account", {
          session: owner.token,
          name: "x",
          password: "short",
          money_limit: "abc",
        })
      ).body,
    ).toMatchObject({
      status: 1,
    });

    const token = await signInAs(owner, "dev-alice");
    const offer = await testOffer(t, { hosts: [8] });
    const sub = await t.callerOf({ token });
    await createInstance(t.ctx, sub, { ...daily(offer, 1), operationKey: opKey() });
    const [used] = await t.db.select().from(subAccounts).where(eq(subAccounts.id, id));
    expect(used!.moneyUsedFen).toBeGreaterThan(0);

    const listed = await list(owner.token);
    expect(listed.status).toBe(0);
    if (listed.status !== 0) return;
    expect(listed.data.sub_accounts).toEqual([
      expect.objectContaining({
        id,
        name: "dev-alice",
        money_limit: "120.50",
        running_instances: 0,
        disabled: false,
        may_rent: true,
        monthly_budget: "",
        last_login_at: expect.stringMatching(/^\d{4}-/),
      }),
    ]);
    expect(listed.data.sub_accounts[0]!.month_spent).toBe(listed.data.sub_accounts[0]!.money_used);

    // Below what is used: refused beside the field, nothing changes.
    expect(
      (await t.post("/update_user_sub_account_limit", { session: owner.token, id, money_limit: "0.01" })).body,
    ).toMatchObject({
      status: 1,
      key: "SUB_ACCOUNT_LIMIT_BELOW_USED",
      data: { field: "money_limit" },
    });
    expect(
      (await t.post("/update_user_sub_account_limit", { session: owner.token, id, money_limit: "300" })).body,
    ).toMatchObject({ status: 0 });
    expect(
      (
        await t.post("/update_user_sub_account_budget", {
          session: owner.token,
          id,
          monthly_budget: "80",
          stop_at_budget: "1",
        })
      ).body,
    ).toMatchObject({ status: 0 });
    expect(
      (await t.post("/update_user_sub_account_permissions", { session: owner.token, id, may_rent: "0" })).body,
    ).toMatchObject({ status: 0 });
    const after = await list(owner.token);
    expect(after.status === 0 && after.data.sub_accounts[0]).toMatchObject({
      money_limit: "300.00",
      monthly_budget: "80.00",
      stop_at_budget: true,
      may_rent: false,
    });

    // Disabled: the sub-account's very next request fails, and it cannot sign in; enabled: it can again.
    expect((await t.post("/get_user_info", { session: token })).body.status).toBe(0);
    expect((await t.post("/disable_user_sub_account", { session: owner.token, id })).body).toMatchObject({ status: 0 });
    expect((await t.post("/get_user_info", { session: token })).body.status).toBe(2);
    expect(
      (await t.post("/sub_account_login", { phone: owner.phone, name: "dev-alice", password: "Subpass123" })).body
        .status,
    ).toBe(1);
    expect((await t.post("/enable_user_sub_account", { session: owner.token, id })).body).toMatchObject({ status: 0 });
    expect((await t.post("/get_user_info", { session: token })).body.status).toBe(2);
    const again = await signInAs(owner, "dev-alice");

    // A new password ends its sessions too.
    expect(
      (await t.post("/reset_user_sub_account_password", { session: owner.token, id, password: "Newpass456" })).body,
    ).toMatchObject({ status: 0 });
    expect((await t.post("/get_user_info", { session: again })).body.status).toBe(2);
    await signInAs(owner, "dev-alice", "Newpass456");

    // Delete: refused while an instance is not released; soft for one without.
    expect((await t.post("/delete_user_sub_account", { session: owner.token, id })).body).toMatchObject({
      status: 1,
      key: "SUB_ACCOUNT_HAS_INSTANCES",
    });
    const idle = await addSub(owner, "dev-idle");
    const idleToken = await signInAs(owner, "dev-idle");
    expect((await t.post("/delete_user_sub_account", { session: owner.token, id: idle })).body).toMatchObject({
      status: 0,
    });
    const left = await list(owner.token);
    expect(left.status === 0 && left.data.sub_accounts.map((s) => s.id)).toEqual([id]);
    const [row] = await t.db.select().from(subAccounts).where(eq(subAccounts.id, idle));
    expect(row!.disabledAt).not.toBeNull();
    expect((await t.post("/get_user_info", { session: idleToken })).body.status).toBe(2);
    expect(
      (await t.post("/sub_account_login", { phone: owner.phone, name: "dev-idle", password: "Subpass123" })).body
        .status,
    ).toBe(1);
    expect((await t.post("/enable_user_sub_account", { session: owner.token, id: idle })).body).toMatchObject({
      key: "NOT_FOUND",
    });
  });
});

type Call = keyof SubAccountCalls;
const WITH_ID: { path: Call; fields: Record<string, string> }[] = [
  { path: "/update_user_sub_account_limit", fields: { money_limit: "999" } },
  { path: "/reset_user_sub_account_password", fields: { password: "Hijack1234" } },
  { path: "/disable_user_sub_account", fields: {} },
  { path: "/enable_user_sub_account", fields: {} },
  { path: "/delete_user_sub_account", fields: {} },
  { path: "/update_user_sub_account_permissions", fields: { may_rent: "0" } },
  { path: "/update_user_sub_account_budget", fields: { monthly_budget: "1", stop_at_budget: "1" } },
];

describe("another main account's sub-accounts (IDOR)", () => {
  it("are not found by any call, and nothing changes", async () => {
    const owner = await t.registerUser();
    const id = await addSub(owner, "owned-one");
    const ownerSub = await signInAs(owner, "owned-one");
    const stranger = await t.registerUser();
    const snapshot = async () => ({
      sub: await t.db.select().from(subAccounts).where(eq(subAccounts.id, id)),
      settings: await t.db
        .select()
        .from(subAccountSettings)
        .where(eq(subAccountSettings.subAccountId, id))
        .orderBy(asc(subAccountSettings.subAccountId)),
    });
    const before = await snapshot();
    for (const call of WITH_ID) {
      for (const session of [stranger.token, ownerSub]) {
        const reply = await t.post(call.path, { session, id, ...call.fields });
        expect({ path: call.path, body: reply.body }).toMatchObject({
          path: call.path,
          body: { status: 1, key: "NOT_FOUND" },
        });
      }
    }
    expect(await snapshot()).toEqual(before);
    const strangers = await list(stranger.token);
    expect(strangers.status === 0 && strangers.data.sub_accounts).toEqual([]);
    expect((await list(ownerSub)).status === 1 && (await list(ownerSub))).toMatchObject({ key: "NOT_FOUND" });
    expect(
      (
        await t.post("/add_user_sub_account", {
          session: ownerSub,
          name: "nested",
          password: "Subpass123",
          money_limit: "1",
        })
      ).body,
    ).toMatchObject({
      status: 1,
      key: "NOT_FOUND",
    });
    expect((await t.post("/get_user_info", { session: ownerSub })).body.status).toBe(0);
  });
});

describe("what a sub-account can never do", () => {
  it("is refused top-up and the finance calls (verification: verification-idor.test.ts)", async () => {
    const owner = await t.registerUser();
    await addSub(owner, "no-money");
    const session = await signInAs(owner, "no-money");
    const calls: [string, Record<string, string>][] = [
      ["/create_qrcode", { amount: "10", pay_type: "1" }],
      ["/get_order", {}],
      ["/get_wallet_balance_change_list", {}],
      ["/withdraw/get_refundable", {}],
      ["/withdraw/get_list", {}],
    ];
    for (const [path, fields] of calls) {
      const reply = await t.post(path, { session, ...fields });
      expect({ path, body: reply.body }).toMatchObject({ path, body: { status: 1, key: "PERMISSION_DENIED" } });
    }
  });
});
