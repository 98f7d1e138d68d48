/**
 * The cloud disk calls on the wire (issue 36 §1, decision 083) and their IDOR walk: every call is made by a
 * stranger and by a sub-account against the owner's disk region; they find nothing of the owner's (NOT_FOUND, or
 * an empty list), and nothing of the owner's changes. The purchase shows in the expense detail with its
 * explanation. A missing session is status 2; bad fields name their field.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloudDisks } from "../db/disk-schema";
import { users } from "../db/schema";
import { mainAccount, subAccount, type TestAccount } from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
let owner: TestAccount;
let sub: TestAccount;
let stranger: TestAccount;
let keys = 0;
const key = () => `http-disk-${++keys}-${Date.now()}`;

beforeAll(async () => {
  t = await startTestPlatform();
  owner = await mainAccount(t, { cashFen: 500_00 });
  sub = await subAccount(t, owner, 100_00);
  stranger = await mainAccount(t, { cashFen: 500_00 });
});
afterAll(() => t.close());

const post = (path: string, account: TestAccount | null, fields: Record<string, string | number> = {}) =>
  t.post(path, { ...(account ? { session: account.token } : {}), ...fields } as never);

async function snapshot() {
  const disks = await t.db.select().from(cloudDisks).where(eq(cloudDisks.userId, owner.userId));
  const [account] = await t.db.select().from(users).where(eq(users.id, owner.userId));
  return { disks, cash: account!.moneyFen, voucher: account!.powerMoneyFen };
}

describe("cloud disk calls", () => {
  it("buy, info, remain, password, and the expense detail's explanation", async () => {
    const bought = await post("/buy_sftp_size", owner, {
      op: "buy",
      region_code: "bj-a",
      size_gb: 100,
      months: 1,
      operation_key: key(),
    });
    expect(bought.body).toMatchObject({
      status: 0,
      data: {
        Amount: "30.00",
        PaidMoney: "30.00",
        PaidPowerMoney: "0.00",
        Explanation: "云盘：100 GB × 1 个月 × ¥0.30/GB·月 = ¥30.00；算力券 ¥0.00，余额 ¥30.00",
        Replayed: false,
        disk: { RegionCode: "bj-a", SizeGb: 100, State: "active", SftpPort: 2222 },
      },
    });

    const info = await post("/get_sftp_size_info", owner);
    expect(info.body.data).toMatchObject({ PricePerGbMonth: "0.30", MinGb: 10, MaxGb: 10240, StepGb: 10 });
    expect(info.body.data.disks).toHaveLength(1);
    expect(JSON.stringify(info.body.data)).not.toContain("Password");

    const remain = await post("/get_remain_disk", owner, { region_code: "bj-a" });
    expect(remain.body.data).toEqual({ RegionCode: "bj-a", TotalGb: 100, UsedGb: 0, RemainGb: 100 });
    const password = await post("/get_sftp_password", owner, { region_code: "bj-a" });
    expect(password.body.data.SftpPassword).toMatch(/^[A-Za-z0-9]{16}$/);

    const ledger = await post("/get_wallet_balance_change_list", owner, { page: 1, page_size: 10 });
    const entry = (ledger.body.data.list as { Amount: string; Explanation: string | null }[]).find(
      (e) => e.Amount === "-30.00",
    );
    expect(entry?.Explanation).toBe(bought.body.data.Explanation);
  });

  it("bad fields are refused beside their field; no session is status 2", async () => {
    const bad = await post("/buy_sftp_size", owner, {
      op: "buy",
      region_code: "nm-b",
      size_gb: 15,
      months: 1,
      operation_key: key(),
    });
    expect(bad.body).toMatchObject({ status: 1, data: { field: "size_gb" } });
    const months = await post("/buy_sftp_size", owner, {
      op: "renew",
      region_code: "bj-a",
      months: 0,
      operation_key: key(),
    });
    expect(months.body).toMatchObject({ status: 1, data: { field: "months" } });
    expect((await post("/get_sftp_size_info", null)).body.status).toBe(2);
  });

  it("IDOR: a stranger and a sub-account find nothing of the owner's disk and change nothing", async () => {
    const before = await snapshot();
    expect(before.disks).toHaveLength(1);
    for (const intruder of [stranger, sub]) {
      expect((await post("/get_sftp_size_info", intruder)).body.data.disks).toEqual([]);
      for (const path of ["/get_remain_disk", "/get_sftp_password"]) {
        const reply = await post(path, intruder, { region_code: "bj-a" });
        expect(reply.body.key).toBe("NOT_FOUND");
        expect(JSON.stringify(reply.body)).not.toContain(before.disks[0]!.sftpPassword);
      }
      const expand = await post("/buy_sftp_size", intruder, {
        op: "expand",
        region_code: "bj-a",
        add_gb: 10,
        operation_key: key(),
      });
      const renew = await post("/buy_sftp_size", intruder, {
        op: "renew",
        region_code: "bj-a",
        months: 1,
        operation_key: key(),
      });
      const expected = intruder === sub ? "PERMISSION_DENIED" : "NOT_FOUND";
      expect([expand.body.key, renew.body.key]).toEqual([expected, expected]);
    }
    // A sub-account cannot buy one either (it would be its main account's).
    const subBuy = await post("/buy_sftp_size", sub, {
      op: "buy",
      region_code: "nm-b",
      size_gb: 10,
      months: 1,
      operation_key: key(),
    });
    expect(subBuy.body.key).toBe("PERMISSION_DENIED");
    // The stranger's own disk in the same region is its own, beside the owner's.
    const own = await post("/buy_sftp_size", stranger, {
      op: "buy",
      region_code: "bj-a",
      size_gb: 10,
      months: 1,
      operation_key: key(),
    });
    expect(own.body.status).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});
