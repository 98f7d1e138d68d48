/**
 * Two job runners at once (issue 12 §6): on PostgreSQL, two connection pools
 * (two platform processes) settle the same due instances at the same moment,
 * some in partitions (several statements at once, decision 053),
 * beside the lifecycle's per-instance settlements and top-ups to the same
 * accounts: every period is charged exactly once, the balances equal the
 * ledger, and nothing deadlocks. On PGlite the same runs one at a time.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client";
import { instanceSettlements } from "../../db/market-schema";
import { usageChargeFen } from "../../rules/rental-price";
import { rowsOf } from "../finance/rows";
import { postToLedger } from "../wallet/ledger";
import { HOUR, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { accountOf, insertInstances, newAccount } from "../../../tests/support/billing-instances";
import { settleUsage } from "./settle";

let t: TestPlatform;
let other: Database | null = null;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-11-22T10:00:00.000Z") });
  if (t.databaseUrl) other = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: "" });
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

describe("two runners settling at once", () => {
  it("charge each period once, whoever wins each row", async () => {
    const USERS = 40;
    const PER_USER = 5;
    const start = new Date("2026-11-22T10:00:00.000Z");
    const userIds: number[] = [];
    for (let u = 0; u < USERS; u++) userIds.push(await newAccount(t.db));
    for (const userId of userIds) await t.setWallets(userId, { cashFen: 500_00, voucherFen: 3_00, creditFen: 5_00 });
    const shapes = userIds.flatMap((userId, u) =>
      Array.from({ length: PER_USER }, (_, k) => ({
        userId,
        unitPriceFen: 100 + 37 * ((u + k) % 7),
        gpuCount: 1 + (k % 3),
      })),
    );
    const rows = await insertInstances(t.db, shapes, start);
    const ids = rows.map((r) => r.id);
    const dbB = other?.db ?? t.db;

    for (const hour of [1, 2, 3]) {
      const upTo = new Date(start.getTime() + hour * HOUR);
      await Promise.all([
        settleUsage(t.db, { upTo }),
        settleUsage(dbB, { upTo, partitions: 2 }),
        settleUsage(t.db, { upTo, partitions: 3 }),
        settleUsage(dbB, { upTo }),
        // The lifecycle settling single instances inside the same window.
        ...ids.slice(0, 20).map((id, i) => settleUsage(i % 2 ? dbB : t.db, { upTo, instanceIds: [id] })),
        // Top-ups to the same accounts meanwhile (the account row's lock).
        ...userIds.slice(0, 10).map((userId, i) =>
          postToLedger(
            { db: i % 2 ? dbB : t.db, now: t.clock.now },
            {
              userId,
              operationKey: `test:top-up:${hour}:${userId}`,
              refersTo: "test",
              movements: [{ wallet: "cash", kind: "top_up", amountFen: 1_00 }],
            },
          ),
        ),
      ]);
    }

    const counts = await rowsOf<{ instance_id: unknown; n: unknown; total: unknown }>(
      t.db,
      sql`select instance_id, count(*) as n, sum(amount_fen) as total from instance_settlements
          where instance_id = any(${`{${ids.join(",")}}`}::bigint[]) group by instance_id`,
    );
    expect(counts).toHaveLength(ids.length);
    expect(counts.every((c) => Number(c.n) === 3)).toBe(true);
    const byId = new Map(counts.map((c) => [Number(c.instance_id), Number(c.total)]));
    for (const r of rows) {
      const hourFen = usageChargeFen({
        seconds: 3600,
        gpuCount: r.gpuCount,
        unitPriceFen: r.unitPriceFen,
        vipDiscountBp: r.vipDiscountBp,
      }).amountFen;
      expect(byId.get(r.id)).toBe(3 * hourFen);
    }
    for (const userId of userIds) {
      const charged = rows.filter((r) => r.userId === userId).reduce((sum, r) => sum + byId.get(r.id)!, 0);
      const account = await accountOf(t.db, userId);
      const topUps = userIds.indexOf(userId) < 10 ? 3_00 : 0;
      expect(account.moneyFen + account.powerMoneyFen).toBe(500_00 + 3_00 + topUps - charged);
    }
    expect(await t.unbalancedAccounts()).toEqual([]);
    const [first] = await t.db.select().from(instanceSettlements).where(eq(instanceSettlements.instanceId, ids[0]!));
    expect(first!.periodStart).toEqual(start);
  });

  it("stay within vouchers + cash + credit when the money runs short, with top-ups racing the settlement", async () => {
    const start = new Date("2026-11-23T10:00:00.000Z");
    const userIds: number[] = [];
    for (let u = 0; u < 20; u++) userIds.push(await newAccount(t.db));
    // ¥7.50 an hour each against ¥10 cash, ¥3 vouchers and ¥5 credit: the third hour cannot be paid in full.
    for (const userId of userIds) await t.setWallets(userId, { cashFen: 10_00, voucherFen: 3_00, creditFen: 5_00 });
    const rows = await insertInstances(
      t.db,
      userIds.flatMap((userId) => Array.from({ length: 5 }, () => ({ userId, unitPriceFen: 150 }))),
      start,
    );
    const ids = rows.map((r) => r.id);
    const dbB = other?.db ?? t.db;
    let uncollected = 0;
    for (const hour of [1, 2, 3]) {
      const upTo = new Date(start.getTime() + hour * HOUR);
      const results = await Promise.all([
        settleUsage(t.db, { upTo, partitions: 2 }),
        settleUsage(dbB, { upTo, partitions: 2 }),
        ...ids.slice(0, 30).map((id, i) => settleUsage(i % 2 ? dbB : t.db, { upTo, instanceIds: [id] })),
        ...userIds.slice(0, 10).map((userId, i) =>
          postToLedger(
            { db: i % 2 ? dbB : t.db, now: t.clock.now },
            {
              userId,
              operationKey: `test:short-top-up:${hour}:${userId}`,
              refersTo: "test",
              movements: [{ wallet: "cash", kind: "top_up", amountFen: 1_00 }],
            },
          ),
        ),
      ]);
      for (const r of results) if ("uncollectedFen" in r) uncollected += r.uncollectedFen;
    }
    expect(uncollected).toBeGreaterThan(0);
    const settled = await rowsOf<{ n: unknown }>(
      t.db,
      sql`select count(*) as n from instance_settlements where instance_id = any(${`{${ids.join(",")}}`}::bigint[])`,
    );
    expect(Number(settled[0]!.n)).toBe(3 * ids.length);
    for (const userId of userIds) {
      const account = await accountOf(t.db, userId);
      expect(account.moneyFen).toBeGreaterThanOrEqual(-account.creditQuotaFen);
      expect(account.powerMoneyFen).toBe(0);
    }
    expect(await t.unbalancedAccounts()).toEqual([]);
  });
});
