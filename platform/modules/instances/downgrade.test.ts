/**
 * A package's GPU downgrade with a refund (decision 095): the removed GPUs
 * for the rest of the term go back to the wallets that paid, once per form
 * key, only if the figure is the one shown; the freed slots return to the
 * host; a later stop-with-refund nets what the downgrade gave; a second form
 * of the same page is refused as stale; another account's instance is not
 * found. On PostgreSQL the concurrent requests really race.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { instanceDowngrades } from "../../db/downgrade-schema";
import { hosts, instances } from "../../db/market-schema";
import { ledgerEntries, subAccounts } from "../../db/schema";
import { instanceEvents } from "../../db/timeline-schema";
import { quotePackageDowngrade } from "../../rules/instance-resize";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { daily, mainAccount, opKey, subAccount, testOffer, type TestAccount } from "../../../tests/support/instances";
import { HOUR, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { ledgerSums } from "../wallet/ledger";
import { stopInstance } from "./actions";
import { createInstance } from "./create";
import { previewStopRefund, stopInstanceWithRefund } from "./refund";
import { resizeInstance, resizeOptions } from "./resize";
import { advanceTransitions } from "./transitions";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-03-01T00:00:00Z") });
});
afterAll(() => t.close());
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

const SECOND = 1000;
const freeOn = async (hostId: number) =>
  (await t.db.select({ free: hosts.gpuFree }).from(hosts).where(eq(hosts.id, hostId)))[0]!.free;
const rowOf = async (uuid: string) => (await t.db.select().from(instances).where(eq(instances.uuid, uuid)))[0]!;
const downgradesOf = async (instanceId: number) =>
  t.db.select().from(instanceDowngrades).where(eq(instanceDowngrades.instanceId, instanceId));
const refundsOf = async (userId: number, uuid: string) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.kind, "refund"),
        eq(ledgerEntries.refersTo, `instance:${uuid}`),
      ),
    );

async function wait(ms: number) {
  t.clock.advance(ms);
  return advanceTransitions(t.ctx);
}

/** A stopped `gpuCount`-GPU day package of `renter` (days long) on a fresh 8-GPU host. */
async function stoppedPackage(renter: TestAccount, gpuCount: number, days = 2) {
  const offer = await testOffer(t, { hosts: [8] });
  const created = await createInstance(t.ctx, renter.caller, {
    ...daily(offer, days, { gpuCount }),
    operationKey: opKey(),
  });
  await wait(5 * SECOND);
  await stopInstance(t.ctx, renter.caller, { uuid: created.instance.uuid });
  await wait(3 * SECOND);
  return { hostId: offer.hostIds[0]!, uuid: created.instance.uuid };
}

/** The option to go to `gpuCount`, as the page shows it. */
async function offered(renter: TestAccount, uuid: string, gpuCount: number) {
  const options = await resizeOptions(t.ctx, renter.caller, { uuid });
  const option = options.options.find((o) => o.toGpuCount === gpuCount);
  if (option?.kind !== "package_downgrade") throw new Error(`no downgrade to ${gpuCount} offered`);
  return option;
}

describe("a stopped 2-GPU day package shrunk to 1 GPU", () => {
  it("refunds the removed GPU for the rest of its term, frees its slot, logs and explains it, once per key", async () => {
    const renter = await mainAccount(t, { cashFen: 1_000_00, voucherFen: 10_00 });
    const { hostId, uuid } = await stoppedPackage(renter, 2);
    expect(await freeOn(hostId)).toBe(6);
    t.clock.advance(5 * HOUR);
    const row = await rowOf(uuid);
    const left = Math.floor((row.packageExpiresAt!.getTime() - t.clock.now().getTime()) / 1000);
    const option = await offered(renter, uuid, 1);
    const mirrored = quotePackageDowngrade(
      { billingMode: "day", gpuCount: 2, unitPriceFen: 198, durationDiscountBp: 9_800, vipDiscountBp: 10_000 },
      1,
      left,
      Number.MAX_SAFE_INTEGER,
    );
    expect(option).toMatchObject({ removedGpus: 1, remainingSeconds: left });
    expect(option.refundFen).toBe(mirrored.kind === "package_downgrade" ? mirrored.refundFen : -1);
    expect(option.refundFen).toBeGreaterThan(0);

    const before = await ledgerSums(t.ctx, renter.userId);
    const key = opKey("down");
    const input = { uuid, gpuCount: 1, operationKey: key, expectedRefundFen: option.refundFen };
    const done = await resizeInstance(t.ctx, renter.caller, input);
    expect(done).toMatchObject({ replayed: false, instance: { gpuCount: 1 }, quote: option });
    expect(done.refundVoucherFen + done.refundCashFen).toBe(option.refundFen);
    // The rental was paid ¥10 by vouchers, the rest by cash: the refund goes back in that proportion.
    const paid = row.costFen;
    expect(done.refundVoucherFen).toBe(Math.floor((option.refundFen * 10_00) / paid));
    const after = await ledgerSums(t.ctx, renter.userId);
    expect(after.cash - before.cash).toBe(done.refundCashFen);
    expect(after.voucher - before.voucher).toBe(done.refundVoucherFen);
    expect(await freeOn(hostId)).toBe(7);
    expect((await rowOf(uuid)).costFen).toBe(row.costFen - option.refundFen);

    const entries = await refundsOf(renter.userId, uuid);
    expect(entries.map((e) => e.amountFen).sort((a, b) => a - b)).toEqual(
      [done.refundVoucherFen, done.refundCashFen].sort((a, b) => a - b),
    );
    expect(entries[0]!.note).toContain("降配：GPU 由 2 卡调整为 1 卡；降配退差价：剩余");
    expect(entries[0]!.note).toContain(`减少 1 卡 × ¥1.98/卡·时 × 时长 0.98 = ¥`);
    const logged = await t.db
      .select()
      .from(instanceEvents)
      .where(and(eq(instanceEvents.instanceId, row.id), eq(instanceEvents.kind, "resize")));
    expect(logged).toMatchObject([{ amountFen: option.refundFen, text: entries[0]!.note }]);

    // The same form again: nothing more moves.
    const again = await resizeInstance(t.ctx, renter.caller, input);
    expect(again).toMatchObject({ replayed: true, refundCashFen: done.refundCashFen });
    expect(await ledgerSums(t.ctx, renter.userId)).toEqual(after);
    expect(await downgradesOf(row.id)).toHaveLength(1);
    expect(await freeOn(hostId)).toBe(7);
  });

  it("then stopped with refund, gets back what a 1-GPU package would, and never more than was paid", async () => {
    const renter = await mainAccount(t, { cashFen: 1_000_00 });
    const { uuid } = await stoppedPackage(renter, 2, 5);
    const paid = (await rowOf(uuid)).costFen;
    t.clock.advance(7 * HOUR);
    const option = await offered(renter, uuid, 1);
    await resizeInstance(t.ctx, renter.caller, {
      uuid,
      gpuCount: 1,
      operationKey: opKey(),
      expectedRefundFen: option.refundFen,
    });
    t.clock.advance(20 * HOUR);
    const preview = await previewStopRefund(t.ctx, renter.caller, { uuid });
    // 5 days minus 27 h 8 s: 3 whole days left; each GPU-day costs ¥1.98 × 24 × 0.98 = ¥46.57 (rounded once).
    expect(preview.refund.unusedDays).toBe(3);
    const oneGpuDays = Math.round(198 * 24 * 3 * 0.98);
    expect(Math.abs(preview.refund.totalFen - oneGpuDays)).toBeLessThanOrEqual(2);
    expect(preview.refund.totalFen + option.refundFen).toBeLessThanOrEqual(paid);
    expect(preview.explanation).toContain("降配 D");
  });

  it("refuses a changed figure (REFUND_CHANGED) and anyone else's instance (not found), changing nothing", async () => {
    const renter = await mainAccount(t, { cashFen: 1_000_00 });
    const stranger = await mainAccount(t, { cashFen: 1_000_00 });
    const { hostId, uuid } = await stoppedPackage(renter, 2);
    const option = await offered(renter, uuid, 1);
    const before = await ledgerSums(t.ctx, renter.userId);
    t.clock.advance(HOUR);
    const stale = { uuid, gpuCount: 1, operationKey: opKey(), expectedRefundFen: option.refundFen };
    expect(await outcomeOf(resizeInstance(t.ctx, renter.caller, stale))).toBe("REFUND_CHANGED");
    expect(await outcomeOf(resizeOptions(t.ctx, stranger.caller, { uuid }))).toBe("INSTANCE_NOT_FOUND");
    const theirs = { ...stale, operationKey: opKey() };
    expect(await outcomeOf(resizeInstance(t.ctx, stranger.caller, theirs))).toBe("INSTANCE_NOT_FOUND");
    expect(await outcomeOf(resizeInstance(t.ctx, stranger.caller, { ...theirs, expectedRefundFen: undefined }))).toBe(
      "INSTANCE_NOT_FOUND",
    );
    const row = await rowOf(uuid);
    expect(row.gpuCount).toBe(2);
    expect(await freeOn(hostId)).toBe(6);
    expect(await ledgerSums(t.ctx, renter.userId)).toEqual(before);
    expect(await downgradesOf(row.id)).toEqual([]);
  });
});

describe("a sub-account's package shrunk", () => {
  it("no longer counts the refund against the sub-account's limit, nor a later stop's twice", async () => {
    const main = await mainAccount(t, { cashFen: 1_000_00 });
    const sub = await subAccount(t, main, 500_00);
    const { uuid } = await stoppedPackage(sub, 2, 4);
    const usedOf = async () =>
      (await t.db.select().from(subAccounts).where(eq(subAccounts.id, sub.subAccountId!)))[0]!.moneyUsedFen;
    const used = await usedOf();
    expect(used).toBe((await rowOf(uuid)).costFen);
    t.clock.advance(3 * HOUR);
    const option = await offered(sub, uuid, 1);
    const done = await resizeInstance(t.ctx, sub.caller, {
      uuid,
      gpuCount: 1,
      operationKey: opKey("down"),
      expectedRefundFen: option.refundFen,
    });
    expect(done.refundVoucherFen + done.refundCashFen).toBe(option.refundFen);
    expect(await usedOf()).toBe(used - option.refundFen);
    // Ended early the next day: its use drops by the stop's refund, which already nets the downgrade's.
    t.clock.advance(20 * HOUR);
    const { name } = await rowOf(uuid);
    const stopped = await stopInstanceWithRefund(t.ctx, sub.caller, { uuid, confirmName: name });
    expect(stopped.voucherFen + stopped.cashFen).toBeGreaterThan(0);
    expect(await usedOf()).toBe(used - option.refundFen - stopped.voucherFen - stopped.cashFen);
  });
});

describe("a stale upgrade form", () => {
  it("whose count is now below the instance's (another form grew it) does not turn into a refund", async () => {
    const renter = await mainAccount(t, { cashFen: 1_000_00 });
    const { hostId, uuid } = await stoppedPackage(renter, 1);
    // Two forms of one page: to 3 GPUs and to 2 GPUs, each showing no refund.
    await resizeInstance(t.ctx, renter.caller, { uuid, gpuCount: 3, operationKey: opKey(), expectedRefundFen: 0 });
    const before = await ledgerSums(t.ctx, renter.userId);
    const stale = { uuid, gpuCount: 2, operationKey: opKey(), expectedRefundFen: 0 };
    expect(await outcomeOf(resizeInstance(t.ctx, renter.caller, stale))).toBe("REFUND_CHANGED");
    expect((await rowOf(uuid)).gpuCount).toBe(3);
    expect(await freeOn(hostId)).toBe(5);
    expect(await ledgerSums(t.ctx, renter.userId)).toEqual(before);
  });
});

describe("concurrent downgrades", () => {
  it("with the same key refund once", async () => {
    const renter = await mainAccount(t, { cashFen: 1_000_00 });
    const { hostId, uuid } = await stoppedPackage(renter, 3);
    const option = await offered(renter, uuid, 1);
    const input = { uuid, gpuCount: 1, operationKey: opKey("same"), expectedRefundFen: option.refundFen };
    const before = await ledgerSums(t.ctx, renter.userId);
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => outcomeOf(resizeInstance(t.ctx, renter.caller, input))),
    );
    expect(outcomes).toEqual(["ok", "ok", "ok", "ok"]);
    const row = await rowOf(uuid);
    expect(await downgradesOf(row.id)).toHaveLength(1);
    expect(await refundsOf(renter.userId, uuid)).toHaveLength(1);
    expect((await ledgerSums(t.ctx, renter.userId)).cash - before.cash).toBe(option.refundFen);
    expect(row.gpuCount).toBe(1);
    expect(await freeOn(hostId)).toBe(7);
  });

  it("with different keys from the same page: one succeeds, the others are refused as stale", async () => {
    const renter = await mainAccount(t, { cashFen: 1_000_00 });
    const { hostId, uuid } = await stoppedPackage(renter, 3);
    const toOne = await offered(renter, uuid, 1);
    const toTwo = await offered(renter, uuid, 2);
    const before = await ledgerSums(t.ctx, renter.userId);
    const forms = [
      { uuid, gpuCount: 1, operationKey: opKey("a"), expectedRefundFen: toOne.refundFen },
      { uuid, gpuCount: 1, operationKey: opKey("b"), expectedRefundFen: toOne.refundFen },
      { uuid, gpuCount: 2, operationKey: opKey("c"), expectedRefundFen: toTwo.refundFen },
    ];
    const outcomes = await Promise.all(forms.map((f) => outcomeOf(resizeInstance(t.ctx, renter.caller, f))));
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "ok")).toEqual(["REFUND_CHANGED", "REFUND_CHANGED"]);
    const row = await rowOf(uuid);
    const [only] = await downgradesOf(row.id);
    expect(await downgradesOf(row.id)).toHaveLength(1);
    expect(row.gpuCount).toBe(only!.toGpuCount);
    expect(await freeOn(hostId)).toBe(8 - row.gpuCount);
    const back = (await ledgerSums(t.ctx, renter.userId)).cash - before.cash;
    expect(back).toBe(only!.voucherFen + only!.cashFen);
    expect([toOne.refundFen, toTwo.refundFen]).toContain(back);
  });
});
