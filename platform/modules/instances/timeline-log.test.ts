/**
 * The instance log (decision 082): the lifecycle's requests and the fleet's
 * moves are written in their own transactions, the billing jobs' stops and
 * releases in their set-based statements, and `/logs/get_instance_log_list`
 * merges them with the instance's charges by time, newest first, filtered
 * and paged. PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instanceEvents } from "../../db/timeline-schema";
import { runBilling } from "../../jobs/billing";
import { usageChargeFen } from "../../rules/rental-price";
import { toInstanceLogPageWire } from "../../http/shapes/instances-timeline";
import { fenToYuan } from "../../rules/money";
import { daily, hourly, mainAccount, opKey, testOffer, type TestAccount } from "../../../tests/support/instances";
import { DAY, HOUR, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { expirePackages } from "../billing/packages";
import { releaseRetained } from "../billing/retention";
import { releaseInstance, restartInstance, startInstance, stopInstance } from "./actions";
import { createInstance } from "./create";
import { EVENT_TEXT } from "./events";
import { instanceLog } from "./timeline-log";
import { advanceTransitions } from "./transitions";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-03-01T00:00:00Z") });
});
afterAll(() => t.close());

const SECOND = 1000;
async function wait(ms: number) {
  t.clock.advance(ms);
  return advanceTransitions(t.ctx);
}

interface Item {
  Kind: string;
  At: string;
  Actor: string;
  Text: string;
  Amount: string | null;
}
async function log(account: TestAccount, uuid: string, fields: Record<string, string | number> = {}) {
  const reply = await t.post("/logs/get_instance_log_list", { session: account.token, instance_uuid: uuid, ...fields });
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ status: 0 });
  return reply.body.data as { list: Item[]; total: number; page: number; page_size: number };
}

describe("an hourly instance's log", () => {
  let renter: TestAccount;
  let uuid = "";
  let startedAt = 0;
  beforeAll(async () => {
    renter = await mainAccount(t, { cashFen: 100_00 });
    const offer = await testOffer(t, { hosts: [8] });
    startedAt = t.clock.now().getTime();
    const created = await createInstance(t.ctx, renter.caller, {
      ...hourly(offer, { gpuCount: 2 }),
      operationKey: opKey(),
    });
    uuid = created.instance.uuid;
    await wait(5 * SECOND); // running
    t.clock.advance(HOUR);
    await stopInstance(t.ctx, renter.caller, { uuid });
    await wait(3 * SECOND); // stopped
    await startInstance(t.ctx, renter.caller, { uuid });
    await wait(4 * SECOND); // running
    t.clock.advance(10 * 60 * SECOND);
    await restartInstance(t.ctx, renter.caller, { uuid });
    await wait(5 * SECOND); // running again
    t.clock.advance(10 * 60 * SECOND);
    await releaseInstance(t.ctx, renter.caller, { uuid, confirmName: created.instance.name });
    await wait(3 * SECOND); // released
  });

  it("shows every request, every move of the fleet and the settlements, newest first, with who and how much", async () => {
    const page = await log(renter, uuid, { page_size: 50 });
    expect(page.list.map((i) => [i.Kind, i.Actor])).toEqual([
      ["released", "system"],
      ["settlement", "system"],
      ["release", "user"],
      ["running", "system"],
      ["settlement", "system"],
      ["restart", "user"],
      ["running", "system"],
      ["start", "user"],
      ["stopped", "system"],
      ["settlement", "system"],
      ["stop", "user"],
      ["running", "system"],
      ["create", "user"],
    ]);
    expect(page.total).toBe(13);
    const create = page.list.at(-1)!;
    expect(create).toMatchObject({ Text: "用户创建实例：RTX 4090 × 2，按量计费", Amount: null });
    expect(new Date(create.At).getTime()).toBe(startedAt);
    expect(page.list.at(-2)!.Text).toBe(EVENT_TEXT.running.creating);
    expect(page.list[0]!.Text).toBe(EVENT_TEXT.released);

    // The first hour's settlement at the stop, explained like the bill.
    const usage = usageChargeFen({ seconds: 3600, gpuCount: 2, unitPriceFen: 198, vipDiscountBp: 10_000 });
    const settlement = page.list[9]!;
    expect(settlement.Amount).toBe(fenToYuan(usage.amountFen));
    expect(settlement.Text).toMatch(/^按量计费结算：3600 秒 × 2 卡 × ¥1\.98\/卡·时/);
  });

  it("filters by kind, by lifecycle and by charges", async () => {
    expect((await log(renter, uuid, { kind: "stop" })).list.map((i) => i.Text)).toEqual([EVENT_TEXT.stop]);
    const charges = await log(renter, uuid, { kind: "charge" });
    expect(charges.total).toBe(3);
    expect(charges.list.every((i) => i.Kind === "settlement" && i.Amount !== null)).toBe(true);
    const lifecycle = await log(renter, uuid, { kind: "lifecycle" });
    expect(lifecycle.total).toBe(10);
    expect(lifecycle.list.some((i) => i.Kind === "settlement")).toBe(false);
    expect((await log(renter, uuid, { kind: "package_order" })).total).toBe(0);
  });

  it("pages: the total on every page, the rest on the last, none past the end", async () => {
    const all = (await log(renter, uuid, { page_size: 50 })).list;
    const first = await log(renter, uuid, { page: 1, page_size: 5 });
    const last = await log(renter, uuid, { page: 3, page_size: 5 });
    expect([first.total, last.total]).toEqual([13, 13]);
    expect(first.list).toEqual(all.slice(0, 5));
    expect(last.list).toEqual(all.slice(10));
    expect(await log(renter, uuid, { page: 4, page_size: 5 })).toMatchObject({ list: [], total: 13, page: 4 });
  });

  it("refuses a kind it does not know, next to the field, and a page size over 50", async () => {
    const bad = await t.post("/logs/get_instance_log_list", { session: renter.token, instance_uuid: uuid, kind: "x" });
    expect(bad.body).toMatchObject({ status: 1, reason: "日志类型不正确" });
    const big = await t.post("/logs/get_instance_log_list", {
      session: renter.token,
      instance_uuid: uuid,
      page_size: 51,
    });
    expect(big.body).toMatchObject({ status: 1 });
  });
});

describe("a package's log", () => {
  it("shows its order with the bill's explanation, and the jobs' expiry stop and retention release", async () => {
    const renter = await mainAccount(t, { cashFen: 500_00 });
    const offer = await testOffer(t, { hosts: [8] });
    const created = await createInstance(t.ctx, renter.caller, { ...daily(offer, 1), operationKey: opKey() });
    const uuid = created.instance.uuid;
    await wait(5 * SECOND);
    t.clock.advance(DAY);
    expect(await expirePackages(t.ctx)).toEqual([created.instance.id]);
    await wait(3 * SECOND);
    t.clock.advance(15 * DAY);
    expect(await releaseRetained(t.ctx)).toEqual([created.instance.id]);
    await wait(3 * SECOND);

    // Sixteen days on, the renter's session has lapsed: the module answers as the call would.
    const page = toInstanceLogPageWire(
      await instanceLog(t.ctx, renter.caller, { uuid, page: 1, pageSize: 20, filter: "all" }),
    );
    expect(page.list.map((i) => [i.Kind, i.Actor])).toEqual([
      ["released", "system"],
      ["retention_release", "system"],
      ["stopped", "system"],
      ["expired_stop", "system"],
      ["running", "system"],
      ["package_order", "user"],
      ["create", "user"],
    ]);
    const order = page.list[5]!;
    expect(order.Amount).toBe(fenToYuan(created.instance.costFen));
    expect(order.Text).toMatch(/1 天（24 小时）× 1 卡 × ¥1\.98\/卡·时/);
    expect(page.list[3]!.Text).toBe(EVENT_TEXT.expired_stop);
    expect(page.list[1]!.Text).toBe(EVENT_TEXT.retention_release);
  });
});

describe("the stop for arrears", () => {
  it("is in the log once, written by the billing job's statement", async () => {
    const renter = await mainAccount(t, { cashFen: 3_00 });
    const offer = await testOffer(t, { hosts: [8] });
    const created = await createInstance(t.ctx, renter.caller, { ...hourly(offer), operationKey: opKey() });
    await wait(5 * SECOND);
    for (let hour = 0; hour < 3; hour++) {
      t.clock.advance(HOUR);
      await runBilling(t.ctx);
    }
    const rows = await t.db.select().from(instanceEvents).where(eq(instanceEvents.instanceId, created.instance.id));
    expect(rows.filter((r) => r.kind === "arrears_stop")).toMatchObject([
      { actor: "system", text: EVENT_TEXT.arrears_stop, userId: renter.userId },
    ]);
  });
});
