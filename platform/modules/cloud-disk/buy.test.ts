/**
 * Buying, expanding and renewing a cloud disk (issue 36 §1, decision 083): the price rule, vouchers first, one
 * order per operation key, one disk per region, the account row's lock against racing purchases. On
 * PostgreSQL (scripts/with-postgres.sh) the concurrent purchases really race. After every test each account's
 * balances equal the sums of its ledger entries.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cloudDisks } from "../../db/disk-schema";
import { users } from "../../db/schema";
import { purchaseOrders } from "../../db/wallet-schema";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { DAY, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { createSubAccount } from "../accounts/sub-accounts";
import type { Caller } from "../context";
import { DomainError } from "../errors";
import { buyCloudDisk, cloudDiskPassword } from "./buy";
import { cloudDiskInfo, diskInRegion } from "./info";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-11-01T02:00:00.000Z") });
});
afterAll(() => t.close());
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

let keys = 0;
const key = () => `disk-${++keys}-${Date.now()}`;

async function account(wallets: { cashFen?: number; voucherFen?: number; creditFen?: number }): Promise<Caller> {
  const user = await t.registerUser();
  await t.setWallets(user.userId, wallets);
  return t.callerOf(user);
}

const balances = async (userId: number) =>
  (
    await t.db.select({ cash: users.moneyFen, voucher: users.powerMoneyFen }).from(users).where(eq(users.id, userId))
  )[0]!;
const ordersOf = (userId: number) => t.db.select().from(purchaseOrders).where(eq(purchaseOrders.userId, userId));
const disksOf = (userId: number) => t.db.select().from(cloudDisks).where(eq(cloudDisks.userId, userId));
const buy = (caller: Caller, sizeGb: number, months: number, operationKey = key(), regionCode = "bj-a") =>
  buyCloudDisk(t.ctx, caller, { op: "buy", regionCode, sizeGb, months, operationKey });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("buying a cloud disk", () => {
  it("100 GB for 3 months costs ¥90.00, vouchers first, and says how it was computed", async () => {
    const caller = await account({ cashFen: 200_00, voucherFen: 10_00 });
    const now = t.clock.now();
    const bought = await buy(caller, 100, 3);
    expect(bought.order).toMatchObject({
      amountFen: 90_00,
      paidVoucherFen: 10_00,
      paidCashFen: 80_00,
      kind: "sftp_size",
    });
    expect(bought.order.replayed).toBe(false);
    expect(bought.detail.explanation).toBe("云盘：100 GB × 3 个月 × ¥0.30/GB·月 = ¥90.00；算力券 ¥10.00，余额 ¥80.00");
    expect(bought.disk).toMatchObject({ regionCode: "bj-a", sizeGb: 100, usedBytes: 0, state: "active" });
    expect(bought.disk.expiresAt.getTime()).toBe(now.getTime() + 90 * DAY);
    expect(bought.disk.sftpHost).toBe("sftp-bj-a.sandbox.gpu-cloud.local");
    expect(await balances(caller.userId)).toEqual({ cash: 120_00, voucher: 0 });
    expect((await cloudDiskPassword(t.ctx, caller, "bj-a")).length).toBe(16);
    const info = await cloudDiskInfo(t.ctx, caller);
    expect(info.disks.map((d) => d.regionCode)).toEqual(["bj-a"]);
    expect(info.regions.length).toBeGreaterThan(0);
  });

  it("the same operation key again answers the first purchase and moves nothing", async () => {
    const caller = await account({ cashFen: 100_00 });
    const operationKey = key();
    const first = await buy(caller, 50, 1, operationKey);
    const again = await buy(caller, 50, 1, operationKey);
    expect(again.order.replayed).toBe(true);
    expect(again.order.orderNo).toBe(first.order.orderNo);
    expect(await ordersOf(caller.userId)).toHaveLength(1);
    expect(await balances(caller.userId)).toEqual({ cash: 85_00, voucher: 0 });
    // The key of a purchase cannot be reused for something else.
    const other = await refusal(
      buyCloudDisk(t.ctx, caller, { op: "renew", regionCode: "bj-a", months: 1, operationKey }),
    );
    expect(other.key).toBe("OPERATION_CONFLICT");
  });

  it("one disk per region: a second purchase there is refused beside the region and charges nothing", async () => {
    const caller = await account({ cashFen: 100_00 });
    await buy(caller, 10, 1);
    const second = await refusal(buy(caller, 10, 1));
    expect([second.key, second.field]).toEqual(["BAD_REQUEST", "region_code"]);
    await buy(caller, 10, 1, key(), "nm-b");
    expect(await disksOf(caller.userId)).toHaveLength(2);
    expect(await ordersOf(caller.userId)).toHaveLength(2);
  });

  it("too little money: 可用余额少于套餐价格! with the shortfall, no disk, no order", async () => {
    const caller = await account({ cashFen: 10_00 });
    const refused = await refusal(buy(caller, 100, 1));
    expect(refused.key).toBe("BALANCE_BELOW_PRICE");
    expect(refused.data).toMatchObject({ shortfall_fen: 20_00 });
    expect(await disksOf(caller.userId)).toHaveLength(0);
    expect(await ordersOf(caller.userId)).toHaveLength(0);
  });

  it("bad sizes and durations are refused beside their field", async () => {
    const caller = await account({ cashFen: 100_00 });
    expect((await refusal(buy(caller, 15, 1))).field).toBe("size_gb");
    expect((await refusal(buy(caller, 0, 1))).field).toBe("size_gb");
    expect((await refusal(buy(caller, 10, 13))).field).toBe("months");
    expect((await refusal(buy(caller, 10, 1, "bad key"))).field).toBe("operation_key");
    expect((await refusal(buy(caller, 10, 1, key(), "nowhere"))).field).toBe("region_code");
    expect(await ordersOf(caller.userId)).toHaveLength(0);
  });

  it("a sub-account cannot buy and sees no disk", async () => {
    const main = await account({ cashFen: 100_00 });
    await buy(main, 10, 1);
    const { subAccountId } = await createSubAccount(t.ctx, main, {
      name: `disk${keys}`,
      password: "Passw0rd123",
      moneyLimitFen: 50_00,
    });
    const sub: Caller = { ...main, subAccountId };
    expect((await refusal(buy(sub, 10, 1, key(), "nm-b"))).key).toBe("PERMISSION_DENIED");
    expect((await cloudDiskInfo(t.ctx, sub)).disks).toEqual([]);
    expect((await refusal(diskInRegion(t.ctx, sub, "bj-a"))).key).toBe("NOT_FOUND");
    expect((await refusal(cloudDiskPassword(t.ctx, sub, "bj-a"))).key).toBe("NOT_FOUND");
  });
});

describe("expanding and renewing", () => {
  it("expanding 50 GB with 75 of 90 days left costs 50 × 75/30 × ¥0.30 = ¥37.50; renewing adds from the expiry", async () => {
    const caller = await account({ cashFen: 500_00 });
    const bought = await buy(caller, 100, 3);
    t.clock.advance(15 * DAY);
    const grown = await buyCloudDisk(t.ctx, caller, {
      op: "expand",
      regionCode: "bj-a",
      addGb: 50,
      operationKey: key(),
    });
    expect(grown.order.amountFen).toBe(37_50);
    expect(grown.detail.explanation).toBe(
      "云盘：扩容 50 GB × 6480000 秒 ÷ 2592000 秒/月 × ¥0.30/GB·月 = ¥37.50；算力券 ¥0.00，余额 ¥37.50",
    );
    expect(grown.disk.sizeGb).toBe(150);
    expect(grown.disk.expiresAt).toEqual(bought.disk.expiresAt);

    const renewed = await buyCloudDisk(t.ctx, caller, {
      op: "renew",
      regionCode: "bj-a",
      months: 1,
      operationKey: key(),
    });
    expect(renewed.order.amountFen).toBe(45_00);
    expect(renewed.disk.expiresAt.getTime()).toBe(bought.disk.expiresAt.getTime() + 30 * DAY);
    expect(await balances(caller.userId)).toEqual({ cash: 500_00 - 90_00 - 37_50 - 45_00, voucher: 0 });
  });

  it("an expired disk cannot be expanded; renewing it counts from now and makes it active again", async () => {
    const caller = await account({ cashFen: 100_00 });
    await buy(caller, 10, 1);
    t.clock.advance(31 * DAY);
    await t.db.update(cloudDisks).set({ state: "read_only" }).where(eq(cloudDisks.userId, caller.userId));
    const refused = await refusal(
      buyCloudDisk(t.ctx, caller, { op: "expand", regionCode: "bj-a", addGb: 10, operationKey: key() }),
    );
    expect([refused.key, refused.field]).toEqual(["BAD_REQUEST", "add_gb"]);
    const now = t.clock.now();
    const renewed = await buyCloudDisk(t.ctx, caller, {
      op: "renew",
      regionCode: "bj-a",
      months: 2,
      operationKey: key(),
    });
    expect(renewed.disk.state).toBe("active");
    expect(renewed.disk.expiresAt.getTime()).toBe(now.getTime() + 60 * DAY);
  });

  it("expanding or renewing where there is no disk is NOT_FOUND beside the region", async () => {
    const caller = await account({ cashFen: 100_00 });
    const refused = await refusal(
      buyCloudDisk(t.ctx, caller, { op: "renew", regionCode: "cq-a", months: 1, operationKey: key() }),
    );
    expect([refused.key, refused.field]).toEqual(["NOT_FOUND", "region_code"]);
  });
});

describe("at the same time", () => {
  it("20 purchases in one region with different keys: exactly one disk, one charge", async () => {
    const caller = await account({ cashFen: 1_000_00 });
    const results = await Promise.all(Array.from({ length: 20 }, () => outcomeOf(buy(caller, 10, 1), "paid")));
    expect(results.filter((r) => r === "paid")).toHaveLength(1);
    expect(results.filter((r) => r === "BAD_REQUEST")).toHaveLength(19);
    expect(await disksOf(caller.userId)).toHaveLength(1);
    expect(await balances(caller.userId)).toEqual({ cash: 1_000_00 - 3_00, voucher: 0 });
  });

  it("20 submissions of one key: one order, one charge, every answer the same order", async () => {
    const caller = await account({ cashFen: 100_00 });
    const operationKey = key();
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(caller, 10, 1, operationKey)));
    expect(new Set(answers.map((a) => a.order.orderNo)).size).toBe(1);
    expect(answers.filter((a) => !a.order.replayed)).toHaveLength(1);
    expect(await ordersOf(caller.userId)).toHaveLength(1);
    expect(await balances(caller.userId)).toEqual({ cash: 97_00, voucher: 0 });
  });

  it("10 renewals racing a balance that pays for 3: exactly 3 pass and cash never goes below zero", async () => {
    const caller = await account({ cashFen: 3_00 + 9_00 });
    await buy(caller, 10, 1);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        outcomeOf(
          buyCloudDisk(t.ctx, caller, { op: "renew", regionCode: "bj-a", months: 1, operationKey: key() }),
          "paid",
        ),
      ),
    );
    expect(results.filter((r) => r === "paid")).toHaveLength(3);
    expect(results.filter((r) => r === "BALANCE_BELOW_PRICE")).toHaveLength(7);
    expect(await balances(caller.userId)).toEqual({ cash: 0, voucher: 0 });
    const [disk] = await disksOf(caller.userId);
    expect(disk!.expiresAt.getTime() - disk!.createdAt.getTime()).toBe(4 * 30 * DAY);
  });
});
