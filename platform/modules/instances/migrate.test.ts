/**
 * Migrating a stopped instance (decision 086): to another host of the same
 * model, type and region with room; a package moves its held GPUs and stays
 * stopped, an hourly instance takes them on the new host and starts there;
 * a new SSH port, the same history; once per operation key; refusals change
 * nothing; concurrent migrations to a host's last free GPU: exactly one
 * moves, no slot is held twice. On PostgreSQL they really race.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { instanceMigrations } from "../../db/host-schema";
import { hosts, instances } from "../../db/market-schema";
import { instanceEvents } from "../../db/timeline-schema";
import { users } from "../../db/schema";
import { purchaseOrders } from "../../db/wallet-schema";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { daily, hourly, mainAccount, opKey, testOffer, type TestAccount } from "../../../tests/support/instances";
import { DAY, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import type { DomainError } from "../errors";
import { hourlyRateFen } from "../../rules/rental-price";
import { ledgerSums } from "../wallet/ledger";
import { startInstance, stopInstance } from "./actions";
import { createInstance } from "./create";
import { migrateInstance, migrationTargets } from "./migrate";
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
const setFree = (hostId: number, free: number) => t.db.update(hosts).set({ gpuFree: free }).where(eq(hosts.id, hostId));
const rowOf = async (uuid: string) => (await t.db.select().from(instances).where(eq(instances.uuid, uuid)))[0]!;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: DomainError) => ({ key: e.key, field: e.field, detail: e.detail }),
  );

async function wait(ms: number) {
  t.clock.advance(ms);
  return advanceTransitions(t.ctx);
}

/** A stopped instance of `renter` on the first of two fresh hosts (8 GPUs free each). */
async function stoppedInstance(renter: TestAccount, mode: "hour" | "day") {
  const offer = await testOffer(t, { hosts: [8, 8] });
  const choice = mode === "hour" ? hourly(offer) : daily(offer, 1);
  const created = await createInstance(t.ctx, renter.caller, { ...choice, operationKey: opKey() });
  await wait(5 * SECOND);
  await stopInstance(t.ctx, renter.caller, { uuid: created.instance.uuid });
  await wait(3 * SECOND);
  const [from, to] = offer.hostIds as [number, number];
  expect((await rowOf(created.instance.uuid)).hostId).toBe(from);
  return { from, to, uuid: created.instance.uuid };
}

const eventsOf = async (instanceId: number) =>
  t.db
    .select()
    .from(instanceEvents)
    .where(and(eq(instanceEvents.instanceId, instanceId), eq(instanceEvents.kind, "migrate")));

describe("a day package", () => {
  it("moves its held GPU to the other host, stays stopped, gets a new port and keeps its history", async () => {
    const renter = await mainAccount(t, { cashFen: 1_000_00 });
    const { from, to, uuid } = await stoppedInstance(renter, "day");
    expect([await freeOn(from), await freeOn(to)]).toEqual([7, 8]);
    const before = await rowOf(uuid);
    const cashBefore = (await ledgerSums(t.ctx, renter.userId)).cash;

    const offered = await migrationTargets(t.ctx, renter.caller, { uuid });
    expect(offered).toMatchObject({ blocked: null, startsAfter: false });
    expect(offered.targets).toEqual([
      { hostId: to, hostName: expect.stringMatching(/-2号机$/), gpuFree: 8, gpuTotal: 8 },
    ]);

    const key = opKey("mig");
    const moved = await migrateInstance(t.ctx, renter.caller, { uuid, targetHostId: null, operationKey: key });
    expect(moved).toMatchObject({
      replayed: false,
      started: false,
      fromSshPort: before.sshPort,
      instance: { hostId: to, state: "stopped", gpuCount: 1, costFen: before.costFen },
    });
    expect(moved.toSshPort).toBe(moved.instance.sshPort);
    expect([await freeOn(from), await freeOn(to)]).toEqual([8, 7]);
    const after = await rowOf(uuid);
    expect(after).toMatchObject({ gpuHeld: true, packageExpiresAt: before.packageExpiresAt, id: before.id });
    expect((await ledgerSums(t.ctx, renter.userId)).cash).toBe(cashBefore);
    // The rental's order still belongs to the instance; the log gains one migration line.
    const orders = await t.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.refersTo, `instance:${uuid}`));
    expect(orders).toHaveLength(1);
    expect(await eventsOf(before.id)).toMatchObject([
      {
        actor: "user",
        amountFen: null,
        text: `迁移：${moved.fromHostName} → ${moved.toHostName}，SSH 端口 ${before.sshPort} → ${after.sshPort}（系统盘、数据盘随实例迁移）`,
      },
    ]);

    // The same key again: the first answer, nothing moves.
    const again = await migrateInstance(t.ctx, renter.caller, { uuid, targetHostId: from, operationKey: key });
    expect(again).toMatchObject({ replayed: true, toSshPort: after.sshPort, instance: { hostId: to } });
    expect([await freeOn(from), await freeOn(to)]).toEqual([8, 7]);
    expect(await eventsOf(before.id)).toHaveLength(1);

    // It starts on its new host while paid for.
    await startInstance(t.ctx, renter.caller, { uuid });
    await wait(4 * SECOND);
    expect(await rowOf(uuid)).toMatchObject({ state: "running", hostId: to });
    expect([await freeOn(from), await freeOn(to)]).toEqual([8, 7]);
  });

  it("after its term ended (in retention) is refused until renewed", async () => {
    const renter = await mainAccount(t, { cashFen: 1_000_00 });
    const { uuid } = await stoppedInstance(renter, "day");
    await t.db.update(instances).set({ gpuHeld: false, stopReason: "expired" }).where(eq(instances.uuid, uuid));
    t.clock.advance(DAY);
    expect((await migrationTargets(t.ctx, renter.caller, { uuid })).blocked).toBe("套餐已到期，请先续费再迁移");
    expect(
      await failure(migrateInstance(t.ctx, renter.caller, { uuid, targetHostId: null, operationKey: opKey() })),
    ).toEqual({ key: "INSTANCE_STATE", field: undefined, detail: "套餐已到期，请先续费再迁移" });
  });
});

describe("an hourly instance whose host is full", () => {
  it("cannot start, is moved to the host with room and started there, billed from then", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { from, to, uuid } = await stoppedInstance(renter, "hour");
    await setFree(from, 0);
    expect(await outcomeOf(startInstance(t.ctx, renter.caller, { uuid }))).toBe("HOST_GPU_BUSY");

    const offered = await migrationTargets(t.ctx, renter.caller, { uuid });
    expect(offered).toMatchObject({ blocked: null, startsAfter: true, targets: [{ hostId: to }] });
    const moved = await migrateInstance(t.ctx, renter.caller, { uuid, targetHostId: to, operationKey: opKey("mig") });
    expect(moved).toMatchObject({ started: true, instance: { hostId: to, state: "starting" } });
    expect([await freeOn(from), await freeOn(to)]).toEqual([0, 7]);
    const { id } = await rowOf(uuid);
    expect((await eventsOf(id))[0]!.text).toMatch(/，已在新主机上申请开机$/);

    await wait(4 * SECOND);
    const running = await rowOf(uuid);
    expect(running).toMatchObject({ state: "running", gpuHeld: true, releaseAt: null });
    expect(running.billedUntil).toEqual(t.clock.now());
    await stopInstance(t.ctx, renter.caller, { uuid });
    await wait(3 * SECOND);
    expect([await freeOn(from), await freeOn(to)]).toEqual([0, 8]);
  });

  it("is refused when the wallet cannot pay an hour, and nothing moves", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { from, to, uuid } = await stoppedInstance(renter, "hour");
    const [wallets] = await t.db.select().from(users).where(eq(users.id, renter.userId));
    const empty = { moneyFen: 0, powerMoneyFen: 0, creditQuotaFen: 0 };
    await t.db.update(users).set(empty).where(eq(users.id, renter.userId));
    expect(
      await outcomeOf(migrateInstance(t.ctx, renter.caller, { uuid, targetHostId: to, operationKey: opKey() })),
    ).toBe("BALANCE_BELOW_PRICE");
    expect(await rowOf(uuid)).toMatchObject({ hostId: from, state: "stopped" });
    expect([await freeOn(from), await freeOn(to)]).toEqual([8, 8]);
    const { moneyFen, powerMoneyFen, creditQuotaFen } = wallets!;
    await t.db.update(users).set({ moneyFen, powerMoneyFen, creditQuotaFen }).where(eq(users.id, renter.userId));
  });
});

describe("refusals change nothing", () => {
  it("running, a host that is not a target, no host with room, another instance's key, another's instance", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const stranger = await mainAccount(t, { cashFen: 100_00 });
    const { from, to, uuid } = await stoppedInstance(renter, "hour");
    const other = await testOffer(t, { hosts: [8] });
    const row = await rowOf(uuid);

    // A host of another region, and its own host, are not targets.
    for (const target of [other.hostIds[0]!, from])
      expect(
        await failure(migrateInstance(t.ctx, renter.caller, { uuid, targetHostId: target, operationKey: opKey() })),
      ).toEqual({ key: "HOST_GPU_BUSY", field: "target_host_id", detail: "所选主机空闲GPU不足或不可用，请重新选择" });
    // No host with room.
    await setFree(to, 0);
    expect(await migrationTargets(t.ctx, renter.caller, { uuid })).toMatchObject({
      targets: [],
      blocked: "同地区暂无空闲GPU足够的同型号主机，暂时无法迁移",
    });
    expect(
      await failure(migrateInstance(t.ctx, renter.caller, { uuid, targetHostId: null, operationKey: opKey() })),
    ).toEqual({
      key: "HOST_GPU_BUSY",
      field: "target_host_id",
      detail: "同地区暂无空闲GPU足够的同型号主机，暂时无法迁移",
    });
    await setFree(to, 8);
    // Someone else's instance is not found.
    expect(await outcomeOf(migrationTargets(t.ctx, stranger.caller, { uuid }))).toBe("INSTANCE_NOT_FOUND");
    expect(
      await outcomeOf(migrateInstance(t.ctx, stranger.caller, { uuid, targetHostId: to, operationKey: opKey() })),
    ).toBe("INSTANCE_NOT_FOUND");
    // Running: stop first.
    await startInstance(t.ctx, renter.caller, { uuid });
    await wait(4 * SECOND);
    expect((await migrationTargets(t.ctx, renter.caller, { uuid })).blocked).toBe("请先关机再迁移");
    expect(
      await failure(migrateInstance(t.ctx, renter.caller, { uuid, targetHostId: to, operationKey: opKey() })),
    ).toEqual({ key: "INSTANCE_STATE", field: undefined, detail: "请先关机再迁移" });
    expect((await rowOf(uuid)).hostId).toBe(from);
    await stopInstance(t.ctx, renter.caller, { uuid });
    await wait(3 * SECOND);

    // A key that moved another instance is not replayed for this one.
    const second = await stoppedInstance(renter, "hour");
    const key = opKey("mig");
    await migrateInstance(t.ctx, renter.caller, { uuid: second.uuid, targetHostId: null, operationKey: key });
    expect(await outcomeOf(migrateInstance(t.ctx, renter.caller, { uuid, targetHostId: to, operationKey: key }))).toBe(
      "OPERATION_CONFLICT",
    );
    expect(await rowOf(uuid)).toMatchObject({ hostId: from, sshPort: row.sshPort, state: "stopped" });
    expect(await eventsOf(row.id)).toEqual([]);
    expect([await freeOn(from), await freeOn(to)]).toEqual([8, 8]);
  });
});

describe("a grown data disk (decision 093)", () => {
  /** As a growth leaves it: `gb` extra GB at ¥0.20/GB·月. */
  const grow = async (uuid: string, gb: number) => {
    const row = await rowOf(uuid);
    await t.db
      .update(instances)
      .set({ dataDiskGb: row.dataDiskGb + gb, extraDiskGb: gb, extraDiskMonthFen: gb * 20 })
      .where(eq(instances.id, row.id));
  };
  const setRoom = (hostId: number, gb: number) =>
    t.db.update(hosts).set({ extraDiskGbTotal: gb }).where(eq(hosts.id, hostId));

  it("moves only to a host with room for its extra GB", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { from, to, uuid } = await stoppedInstance(renter, "day");
    await grow(uuid, 300);
    await setRoom(to, 299);
    expect(await migrationTargets(t.ctx, renter.caller, { uuid })).toMatchObject({ targets: [] });
    expect(
      await failure(migrateInstance(t.ctx, renter.caller, { uuid, targetHostId: to, operationKey: opKey() })),
    ).toMatchObject({ key: "HOST_GPU_BUSY", field: "target_host_id" });
    await setRoom(to, 300);
    expect((await migrationTargets(t.ctx, renter.caller, { uuid })).targets.map((h) => h.hostId)).toEqual([to]);
    await migrateInstance(t.ctx, renter.caller, { uuid, targetHostId: to, operationKey: opKey() });
    expect(await rowOf(uuid)).toMatchObject({ hostId: to, dataDiskGb: 350, extraDiskGb: 300 });
    expect([await freeOn(from), await freeOn(to)]).toEqual([8, 7]);
  });

  it("two instances racing for one host's last room: exactly one moves there", async () => {
    const renters = await Promise.all([0, 1].map(() => mainAccount(t, { cashFen: 1_000_00 })));
    const offer = await testOffer(t, { hosts: [8, 8] });
    const [a, b] = offer.hostIds as [number, number];
    const uuids: string[] = [];
    for (const renter of renters) {
      const created = await createInstance(t.ctx, renter.caller, { ...daily(offer, 1), operationKey: opKey() });
      uuids.push(created.instance.uuid);
    }
    await wait(5 * SECOND);
    for (const [i, renter] of renters.entries()) {
      expect((await rowOf(uuids[i]!)).hostId).toBe(a);
      await stopInstance(t.ctx, renter.caller, { uuid: uuids[i]! });
      await grow(uuids[i]!, 300);
    }
    await wait(3 * SECOND);
    await setRoom(b, 400);
    const outcomes = await Promise.all(
      renters.map((renter, i) =>
        outcomeOf(migrateInstance(t.ctx, renter.caller, { uuid: uuids[i]!, targetHostId: b, operationKey: opKey() })),
      ),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "HOST_DISK_FULL" || o === "HOST_GPU_BUSY")).toHaveLength(1);
    const onB = (await Promise.all(uuids.map(rowOf))).filter((r) => r.hostId === b);
    expect(onB).toHaveLength(1);
    expect([await freeOn(a), await freeOn(b)]).toEqual([7, 7]);
  });

  it("an hourly instance needs an hour of its GPUs and its extra GB in the wallet to move and start", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { from, to, uuid } = await stoppedInstance(renter, "hour");
    await grow(uuid, 300);
    const [wallets] = await t.db.select().from(users).where(eq(users.id, renter.userId));
    // Enough for an hour of its GPUs, not for its extra GB too (300 GB × ¥0.20/月 ≈ ¥0.08/时).
    const gpusOnly = { moneyFen: hourlyRateFen(await rowOf(uuid)), powerMoneyFen: 0, creditQuotaFen: 0 };
    await t.db.update(users).set(gpusOnly).where(eq(users.id, renter.userId));
    expect(
      await outcomeOf(migrateInstance(t.ctx, renter.caller, { uuid, targetHostId: to, operationKey: opKey() })),
    ).toBe("BALANCE_BELOW_PRICE");
    expect(await rowOf(uuid)).toMatchObject({ hostId: from, state: "stopped" });
    const { moneyFen, powerMoneyFen, creditQuotaFen } = wallets!;
    await t.db.update(users).set({ moneyFen, powerMoneyFen, creditQuotaFen }).where(eq(users.id, renter.userId));
  });
});

describe("a host's last free GPU", () => {
  it("goes to exactly one of several concurrent migrations; no slot is held twice", async () => {
    const renters = await Promise.all(Array.from({ length: 4 }, () => mainAccount(t, { cashFen: 1_000_00 })));
    const offer = await testOffer(t, { hosts: [8, 8] });
    const [a, b] = offer.hostIds as [number, number];
    const uuids: string[] = [];
    // Four one-GPU packages on host a (fewest free first), then seven GPUs on b: b keeps one free.
    for (const renter of renters) {
      const created = await createInstance(t.ctx, renter.caller, { ...daily(offer, 1), operationKey: opKey() });
      uuids.push(created.instance.uuid);
    }
    const filler = await mainAccount(t, { cashFen: 10_000_00 });
    await createInstance(t.ctx, filler.caller, { ...daily(offer, 1, { gpuCount: 7 }), operationKey: opKey() });
    await wait(5 * SECOND);
    for (const [i, renter] of renters.entries()) await stopInstance(t.ctx, renter.caller, { uuid: uuids[i]! });
    await wait(3 * SECOND);
    expect([await freeOn(a), await freeOn(b)]).toEqual([4, 1]);

    const outcomes = await Promise.all(
      renters.map((renter, i) =>
        outcomeOf(
          migrateInstance(t.ctx, renter.caller, { uuid: uuids[i]!, targetHostId: b, operationKey: opKey("race") }),
        ),
      ),
    );
    expect(outcomes.sort()).toEqual(["HOST_GPU_BUSY", "HOST_GPU_BUSY", "HOST_GPU_BUSY", "ok"]);
    expect([await freeOn(a), await freeOn(b)]).toEqual([5, 0]);
    for (const hostId of [a, b]) {
      const held = await t.db
        .select({ n: instances.gpuCount })
        .from(instances)
        .where(and(eq(instances.hostId, hostId), eq(instances.gpuHeld, true), ne(instances.state, "released")));
      expect(held.reduce((s, r) => s + r.n, 0)).toBe(8 - (await freeOn(hostId)));
    }
    const ids = (await t.db.select({ id: instances.id }).from(instances).where(inArray(instances.uuid, uuids))).map(
      (r) => r.id,
    );
    expect(
      await t.db.select().from(instanceMigrations).where(inArray(instanceMigrations.instanceId, ids)),
    ).toHaveLength(1);
  });
});
