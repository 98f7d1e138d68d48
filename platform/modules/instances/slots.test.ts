/**
 * The last free GPU slots (decision 043): 3N rentals at once for N free
 * slots make exactly N instances and N charges, leave no slot free, never
 * give one slot twice, and refuse the others INSTANCE_SOLD_OUT with nothing
 * charged. On PostgreSQL (scripts/with-postgres.sh) they really race.
 */
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { users } from "../../db/schema";
import { hosts, instances } from "../../db/market-schema";
import { purchaseOrders } from "../../db/wallet-schema";
import { quotePackage } from "../../rules/rental-price";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { daily, hourly, mainAccount, opKey, testOffer } from "../../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { ledgerSums } from "../wallet/ledger";
import { createInstance } from "./create";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const N = 6;

it(`gives ${N} free slots to exactly ${N} of ${3 * N} concurrent rentals and charges only those`, async () => {
  // Two hosts: 4 and 2 free GPUs; every rental asks for one.
  const offer = await testOffer(t, { hosts: [4, 2] });
  const renters = await Promise.all(Array.from({ length: N }, () => mainAccount(t, { cashFen: 1_000_00 })));
  const price = quotePackage({ mode: "day", units: 1, gpuCount: 1, unitPriceFen: 198, vipDiscountBp: 10_000 }).payFen;

  const outcomes = await Promise.all(
    Array.from({ length: 3 * N }, (_, i) => {
      const renter = renters[i % N]!;
      const choice = i % 2 === 0 ? daily(offer, 1) : hourly(offer);
      return outcomeOf(createInstance(t.ctx, renter.caller, { ...choice, operationKey: opKey("rush") }));
    }),
  );
  const tally: Record<string, number> = {};
  for (const o of outcomes) tally[o] = (tally[o] ?? 0) + 1;
  expect(tally).toEqual({ ok: N, INSTANCE_SOLD_OUT: 2 * N });

  const hostRows = await t.db.select().from(hosts).where(inArray(hosts.id, offer.hostIds));
  expect(hostRows.map((h) => h.gpuFree)).toEqual([0, 0]);
  const rented = await t.db.select().from(instances).where(inArray(instances.hostId, offer.hostIds));
  expect(rented).toHaveLength(N);
  // No slot twice: each host's instances hold exactly the slots it had free.
  const initiallyFree = [4, 2];
  offer.hostIds.forEach((hostId, i) =>
    expect(rented.filter((r) => r.hostId === hostId).reduce((n, r) => n + r.gpuCount, 0)).toBe(initiallyFree[i]),
  );

  const packages = rented.filter((r) => r.billingMode === "day");
  const orders = await t.db
    .select({ n: count() })
    .from(purchaseOrders)
    .where(
      inArray(
        purchaseOrders.userId,
        renters.map((r) => r.userId),
      ),
    );
  expect(Number(orders[0]!.n)).toBe(packages.length);
  for (const renter of renters) {
    const mine = packages.filter((p) => p.userId === renter.userId).length;
    const [row] = await t.db.select({ cash: users.moneyFen }).from(users).where(eq(users.id, renter.userId));
    expect(row!.cash).toBe(1_000_00 - mine * price);
    expect((await ledgerSums(t.ctx, renter.userId)).cash).toBe(row!.cash);
  }
  expect(await t.unbalancedAccounts()).toEqual([]);
});
