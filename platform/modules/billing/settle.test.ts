/**
 * The set-based settlement (settle.ts): its SQL amount is usageChargeFen,
 * every period is charged once however often it runs, vouchers pay first,
 * then cash into the credit quota, and never more than the wallets hold.
 * Runs on PGlite and on PostgreSQL.
 */
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instanceSettlements } from "../../db/market-schema";
import { ledgerEntries } from "../../db/schema";
import { settlementDetailOf, settlementExplanation } from "../../rules/bill-explanation";
import { extraDiskChargeFen } from "../../rules/data-disk-growth";
import { usageChargeFen } from "../../rules/rental-price";
import { rowsOf } from "../finance/rows";
import { ledgerSums } from "../wallet/ledger";
import { HOUR, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import {
  accountOf,
  insertInstance,
  insertInstances,
  instanceById,
  newAccount,
} from "../../../tests/support/billing-instances";
import { settleUsage } from "./settle";
import { extraDiskAmountSql, usageAmountSql } from "./sql-money";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-11-20T10:00:00.000Z") });
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);

describe("the settlement's amount", () => {
  it("equals usageChargeFen for random seconds, GPUs, prices and discounts", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            seconds: fc.integer({ min: 0, max: 366 * 24 * 3600 }),
            gpuCount: fc.integer({ min: 1, max: 8 }),
            unitPriceFen: fc.integer({ min: 0, max: 1_000_000 }),
            durationDiscountBp: fc.integer({ min: 0, max: 10_000 }),
            vipDiscountBp: fc.integer({ min: 0, max: 10_000 }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        async (cases) => {
          const values = sql.join(
            cases.map(
              (c) =>
                sql`(${c.seconds}::bigint, ${c.gpuCount}::int, ${c.unitPriceFen}::bigint, ${c.durationDiscountBp}::int, ${c.vipDiscountBp}::int)`,
            ),
            sql`, `,
          );
          const rows = await rowsOf<{ amount: unknown }>(
            t.db,
            sql`select ${usageAmountSql(sql`d.seconds`, "d")} as amount
                from (values ${values}) as d(seconds, gpu_count, unit_price_fen, duration_discount_bp, vip_discount_bp)`,
          );
          expect(rows.map((r) => Number(r.amount))).toEqual(cases.map((c) => usageChargeFen(c).amountFen));
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("the extra data disk's amount (decision 093)", () => {
  it("equals extraDiskChargeFen for random seconds and monthly prices", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            seconds: fc.integer({ min: 0, max: 366 * 24 * 3600 }),
            monthFen: fc.integer({ min: 0, max: 2048 * 100_000 }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        async (cases) => {
          const values = sql.join(
            cases.map((c) => sql`(${c.seconds}::bigint, ${c.monthFen}::bigint)`),
            sql`, `,
          );
          const rows = await rowsOf<{ amount: unknown }>(
            t.db,
            sql`select ${extraDiskAmountSql(sql`d.seconds`, "d")} as amount
                from (values ${values}) as d(seconds, extra_disk_month_fen)`,
          );
          expect(rows.map((r) => Number(r.amount))).toEqual(
            cases.map((c) => extraDiskChargeFen({ seconds: c.seconds, gb: 1, gbMonthFen: c.monthFen })),
          );
        },
      ),
      { numRuns: 30 },
    );
  });
});

async function settlementsOf(instanceId: number) {
  return t.db.select().from(instanceSettlements).where(eq(instanceSettlements.instanceId, instanceId));
}

describe("settleUsage", () => {
  it("charges [billed_until, upTo) once, moves billed_until and cost, and explains itself", async () => {
    const userId = await newAccount(t.db);
    await t.setWallets(userId, { cashFen: 100_00 });
    const inst = await insertInstance(
      t.db,
      { userId, unitPriceFen: 198, vipDiscountBp: 9_800, billedUntil: at("2026-11-20T10:15:30.400Z") },
      t.clock.now(),
    );
    const first = await settleUsage(t.db, { upTo: at("2026-11-20T11:00:00.000Z"), instanceIds: [inst.id] });
    const expected = usageChargeFen({ seconds: 2669, gpuCount: 1, unitPriceFen: 198, vipDiscountBp: 9_800 }).amountFen;
    expect(first).toMatchObject({ settlements: 1, chargedFen: expected, cashFen: expected, voucherFen: 0 });
    const again = await settleUsage(t.db, { upTo: at("2026-11-20T11:00:00.000Z"), instanceIds: [inst.id] });
    expect(again.settlements).toBe(0);

    await settleUsage(t.db, { upTo: at("2026-11-20T12:00:00.000Z") });
    const rows = await settlementsOf(inst.id);
    expect(rows.map((r) => r.seconds)).toEqual([2669, 3600]);
    const [, hour] = rows;
    expect(settlementExplanation(settlementDetailOf(hour!))).toBe(
      "3600 秒 × 1 卡 × ¥1.98/卡·时 × 会员 0.98 = ¥1.94；算力券 ¥0.00，余额 ¥1.94",
    );
    const after = await instanceById(t.db, inst.id);
    expect(after.billedUntil).toEqual(at("2026-11-20T12:00:00.000Z"));
    expect(after.costFen).toBe(expected + 194);
    expect((await accountOf(t.db, userId)).moneyFen).toBe(100_00 - expected - 194);
    const sums = await ledgerSums(t.ctx, userId);
    expect(sums.cash).toBe(100_00 - expected - 194);
  });

  it("pays vouchers first, then cash into the credit quota, per owner in instance order, with running balances", async () => {
    const userId = await newAccount(t.db);
    await t.setWallets(userId, { cashFen: 1_00, voucherFen: 3_00, creditFen: 10_00 });
    const start = at("2026-11-20T12:00:00.000Z");
    const [a, b, c] = await insertInstances(
      t.db,
      [
        { userId, unitPriceFen: 200 },
        { userId, unitPriceFen: 200 },
        { userId, unitPriceFen: 200 },
      ],
      start,
    );
    const result = await settleUsage(t.db, { upTo: at("2026-11-20T13:00:00.000Z") });
    expect(result.instanceIds).toEqual(expect.arrayContaining([a!.id, b!.id, c!.id]));
    const paid = await Promise.all([a!, b!, c!].map(async (i) => (await settlementsOf(i.id))[0]!));
    expect(paid.map((p) => [p.paidVoucherFen, p.paidCashFen])).toEqual([
      [200, 0],
      [100, 100],
      [0, 200],
    ]);
    const account = await accountOf(t.db, userId);
    expect(account).toMatchObject({ powerMoneyFen: 0, moneyFen: 1_00 - 300, creditQuotaFen: 10_00 });
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(ledgerEntries.id);
    const settled = entries.filter((e) => e.operationKey.startsWith("settle:"));
    expect(settled.map((e) => [e.wallet, e.amountFen, e.balanceAfterFen, e.seq])).toEqual([
      ["voucher", -200, 100, 0],
      ["voucher", -100, 0, 0],
      ["cash", -100, 0, 1],
      ["cash", -200, -200, 0],
    ]);
    expect(settled[0]!.operationKey).toBe(`settle:${a!.id}:${start.getTime()}`);
    expect(settled[0]!.refersTo).toBe(`instance:${a!.uuid}`);
  });

  it("in partitions (the job's statements at once), settles each owner in one of them, as one statement would", async () => {
    const start = at("2026-11-20T15:00:00.000Z");
    const owners: number[] = [];
    for (let u = 0; u < 5; u++) owners.push(await newAccount(t.db));
    for (const userId of owners) await t.setWallets(userId, { cashFen: 1_00, voucherFen: 3_00, creditFen: 10_00 });
    const rows = await insertInstances(
      t.db,
      owners.flatMap((userId) => Array.from({ length: 3 }, () => ({ userId, unitPriceFen: 200 }))),
      start,
    );
    const result = await settleUsage(t.db, { upTo: new Date(start.getTime() + HOUR), partitions: 3 });
    expect(result.instanceIds).toEqual(expect.arrayContaining(rows.map((r) => r.id)));
    expect(result.instanceIds).toEqual([...result.instanceIds].sort((a, b) => a - b));
    expect(result.chargedFen).toBe(result.voucherFen + result.cashFen);
    for (const userId of owners) {
      const own = rows.filter((r) => r.userId === userId);
      const paid = await Promise.all(own.map(async (i) => (await settlementsOf(i.id))[0]!));
      expect(paid.map((p) => [p.paidVoucherFen, p.paidCashFen])).toEqual([
        [200, 0],
        [100, 100],
        [0, 200],
      ]);
      expect(await accountOf(t.db, userId)).toMatchObject({ powerMoneyFen: 0, moneyFen: 1_00 - 300 });
    }
    expect(await t.unbalancedAccounts()).toEqual([]);
    const again = await settleUsage(t.db, { upTo: new Date(start.getTime() + HOUR), partitions: 3 });
    expect(again.instanceIds.filter((id) => rows.some((r) => r.id === id))).toEqual([]);
  });

  it("never takes more than vouchers + cash + credit: the rest is recorded as uncollected", async () => {
    const userId = await newAccount(t.db);
    await t.setWallets(userId, { cashFen: 50, creditFen: 1_00 });
    const inst = await insertInstance(
      t.db,
      { userId, unitPriceFen: 1_000, billedUntil: at("2026-11-20T12:00:00.000Z") },
      t.clock.now(),
    );
    const result = await settleUsage(t.db, { upTo: at("2026-11-20T13:00:00.000Z"), instanceIds: [inst.id] });
    expect(result).toMatchObject({ chargedFen: 150, uncollectedFen: 850 });
    const [row] = await settlementsOf(inst.id);
    expect(row).toMatchObject({ amountFen: 150, paidCashFen: 150, paidVoucherFen: 0 });
    expect(settlementExplanation(settlementDetailOf(row!))).toContain("余额不足未收 ¥8.50");
    expect((await accountOf(t.db, userId)).moneyFen).toBe(-1_00);
  });

  it("leaves instances that are not running, packages and sub-second periods alone", async () => {
    const userId = await newAccount(t.db);
    await t.setWallets(userId, { cashFen: 100_00 });
    const from = at("2026-11-20T13:00:00.000Z");
    const rows = await insertInstances(
      t.db,
      [
        { userId, state: "stopped" },
        { userId, billingMode: "day", packageExpiresAt: new Date(from.getTime() + 24 * HOUR) },
        { userId, billedUntil: new Date(from.getTime() + HOUR - 500) },
      ],
      from,
    );
    const result = await settleUsage(t.db, {
      upTo: new Date(from.getTime() + HOUR),
      instanceIds: rows.map((r) => r.id),
    });
    expect(result.settlements).toBe(0);
    expect((await accountOf(t.db, userId)).moneyFen).toBe(100_00);
  });

  it("never settles a period twice: one already settled is skipped and nothing moves for it", async () => {
    const userId = await newAccount(t.db);
    await t.setWallets(userId, { cashFen: 100_00 });
    const from = at("2026-11-20T14:00:00.000Z");
    const [settledBefore, due] = await insertInstances(t.db, [{ userId }, { userId }], from);
    // As if the period [from, …) of the first had been settled and its billed_until then moved back.
    await t.db.insert(instanceSettlements).values({
      instanceId: settledBefore!.id,
      userId,
      periodStart: from,
      periodEnd: new Date(from.getTime() + HOUR),
      seconds: 3600,
      gpuCount: 1,
      unitPriceFen: 198,
      durationDiscountBp: 10_000,
      vipDiscountBp: 10_000,
      amountDueFen: 198,
      amountFen: 198,
      paidVoucherFen: 0,
      paidCashFen: 198,
    });
    const result = await settleUsage(t.db, {
      upTo: new Date(from.getTime() + HOUR),
      instanceIds: [settledBefore!.id, due!.id],
    });
    expect(result).toMatchObject({ settlements: 1, chargedFen: 198, instanceIds: [due!.id] });
    expect(await settlementsOf(settledBefore!.id)).toHaveLength(1);
    expect((await accountOf(t.db, userId)).moneyFen).toBe(100_00 - 198);
    expect((await instanceById(t.db, settledBefore!.id)).billedUntil).toEqual(from);
  });
});
