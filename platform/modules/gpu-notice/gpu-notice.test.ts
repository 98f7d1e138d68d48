/**
 * The GPU free notice (decision 092) with the test's clock: a stopped hourly
 * instance on a full host asks; it is sent once when a GPU frees up (site
 * message with the start link, the instance log, SMS to the account's own
 * phone and email to its confirmed notice email through the outbox), never
 * while the host is still full, never after its 24 hours, never once the user
 * cancelled it or the instance started or was released; two runners send it
 * once (on PostgreSQL they really race); the refusals.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { messageDeliveries } from "../../db/delivery-schema";
import { gpuFreeNotices } from "../../db/gpu-notice-schema";
import { hosts, instances } from "../../db/market-schema";
import { notifications, users } from "../../db/schema";
import { instanceEvents } from "../../db/timeline-schema";
import { GPU_NOTICE_START_NOW, GPU_NOTICE_TITLE } from "../../rules/gpu-notice";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import {
  daily,
  hourly,
  mainAccount,
  opKey,
  subAccount,
  testOffer,
  type TestAccount,
  type TestOffer,
} from "../../../tests/support/instances";
import { HOUR, startTestPlatform, uniquePhone, type TestPlatform } from "../../../tests/support/platform";
import { DomainError } from "../errors";
import { releaseInstance, startInstance, stopInstance } from "../instances/actions";
import { createInstance } from "../instances/create";
import { advanceTransitions } from "../instances/transitions";
import { runGpuFreeNotices } from "./send";
import { cancelGpuFreeNotice, getGpuFreeNotice, subscribeGpuFreeNotice } from "./watch";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-03-01T00:00:00Z") });
});
afterAll(() => t.close());
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

const SECOND = 1000;
const rowOf = async (uuid: string) => (await t.db.select().from(instances).where(eq(instances.uuid, uuid)))[0]!;
const noticesOf = async (instanceId: number) =>
  t.db.select().from(gpuFreeNotices).where(eq(gpuFreeNotices.instanceId, instanceId)).orderBy(gpuFreeNotices.id);
const eventsOf = async (instanceId: number, kind: string) =>
  t.db
    .select()
    .from(instanceEvents)
    .where(and(eq(instanceEvents.instanceId, instanceId), eq(instanceEvents.kind, kind)))
    .orderBy(instanceEvents.id);
const siteMessagesOf = (userId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, GPU_NOTICE_TITLE)));
const deliveriesTo = (recipients: string[]) =>
  t.db.select().from(messageDeliveries).where(inArray(messageDeliveries.recipient, recipients));
const phoneOf = async (userId: number) => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.phone;

async function wait(ms: number) {
  t.clock.advance(ms);
  return advanceTransitions(t.ctx);
}

async function rent(account: TestAccount, offer: TestOffer, choice = hourly(offer)) {
  const created = await createInstance(t.ctx, account.caller, { ...choice, operationKey: opKey() });
  await wait(5 * SECOND);
  return created.instance.uuid;
}

/**
 * The owner's hourly instance, stopped on a host of one GPU that another account then rents: the host is full. `free`
 * gives the other account's GPU back (its stop frees it once stopped).
 */
async function stoppedOnFullHost(owner?: TestAccount) {
  const offer = await testOffer(t, { hosts: [1] });
  const renter = owner ?? (await mainAccount(t, { cashFen: 100_00 }));
  const other = await mainAccount(t, { cashFen: 100_00 });
  const uuid = await rent(renter, offer);
  await stopInstance(t.ctx, renter.caller, { uuid });
  await wait(5 * SECOND);
  const theirs = await rent(other, offer);
  const [host] = await t.db.select().from(hosts).where(eq(hosts.id, offer.hostIds[0]!));
  expect(host!.gpuFree).toBe(0);
  const free = async () => {
    await stopInstance(t.ctx, other.caller, { uuid: theirs });
    await wait(5 * SECOND);
  };
  return { offer, owner: renter, other, uuid, id: (await rowOf(uuid)).id, free };
}

describe("a GPU free notice", () => {
  it("is sent once when the host has the GPUs: a site message with the start link, logged; not while full", async () => {
    const s = await stoppedOnFullHost();
    const asked = await subscribeGpuFreeNotice(t.ctx, s.owner.caller, { uuid: s.uuid, sms: false, email: false });
    expect(asked.outcome).toBe("subscribed");
    expect(asked.notice).toMatchObject({
      state: "waiting",
      gpuCount: 1,
      expiresAt: new Date(t.clock.now().getTime() + 24 * HOUR),
    });
    expect((await eventsOf(s.id, "gpu_notice_set")).map((e) => e.text)).toEqual([
      `订阅 GPU 空闲通知：主机 ${asked.instance.hostName} 空闲 GPU 达到 1 张时通过站内信通知（24 小时内有效，不预留 GPU）`,
    ]);

    t.clock.advance(HOUR);
    expect((await runGpuFreeNotices(t.ctx)).sent).toEqual([]);
    expect(await siteMessagesOf(s.owner.userId)).toEqual([]);

    await s.free();
    const run = await runGpuFreeNotices(t.ctx);
    expect(run).toMatchObject({ sent: [asked.notice!.id], expired: [], sms: 0, email: 0 });
    expect(await noticesOf(s.id)).toMatchObject([{ state: "sent", sentAt: t.clock.now(), endedAt: t.clock.now() }]);
    const [message] = await siteMessagesOf(s.owner.userId);
    expect(message!.original).toBe(
      `您的实例「${asked.instance.name}」所在主机 ${asked.instance.hostName} 现有 1 张空闲 GPU（实例需要 1 张）。` +
        `GPU 不预留，先到先得，请尽快开机：/restartInstance?uuid=${s.uuid}`,
    );
    expect((await eventsOf(s.id, "gpu_notice_sent")).map((e) => [e.actor, e.text])).toEqual([
      [
        "system",
        `GPU 空闲通知已发送：主机 ${asked.instance.hostName} 现有 1 张空闲 GPU（需要 1 张），请尽快开机（不预留 GPU，先到先得）`,
      ],
    ]);

    t.clock.advance(30 * SECOND);
    expect((await runGpuFreeNotices(t.ctx)).sent).toEqual([]);
    expect(await siteMessagesOf(s.owner.userId)).toHaveLength(1);
    const view = await getGpuFreeNotice(t.ctx, s.owner.caller, { uuid: s.uuid });
    expect(view.notice).toMatchObject({ state: "sent" });
    expect(view.refusal).toEqual({ reason: GPU_NOTICE_START_NOW, startNow: true });
    // The link starts it: the notice reserved nothing, the start takes the GPU.
    await startInstance(t.ctx, s.owner.caller, { uuid: s.uuid });
    expect((await rowOf(s.uuid)).state).toBe("starting");
  });

  it("is sent once by two runners at the same time", async () => {
    const a = await stoppedOnFullHost();
    const b = await stoppedOnFullHost();
    for (const s of [a, b])
      await subscribeGpuFreeNotice(t.ctx, s.owner.caller, { uuid: s.uuid, sms: true, email: false });
    await a.free();
    await b.free();
    const runs = await Promise.all([runGpuFreeNotices(t.ctx), runGpuFreeNotices(t.ctx)]);
    const sent = runs.flatMap((r) => r.sent);
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(2);
    expect(runs.reduce((n, r) => n + r.sms, 0)).toBe(2);
    for (const s of [a, b]) {
      expect(await siteMessagesOf(s.owner.userId)).toHaveLength(1);
      expect(await eventsOf(s.id, "gpu_notice_sent")).toHaveLength(1);
      expect(await deliveriesTo([await phoneOf(s.owner.userId)])).toHaveLength(1);
    }
  });

  it("is not sent after it expired, even once the host has the GPUs", async () => {
    const s = await stoppedOnFullHost();
    await subscribeGpuFreeNotice(t.ctx, s.owner.caller, { uuid: s.uuid, sms: true, email: false });
    t.clock.advance(24 * HOUR - SECOND);
    expect(await runGpuFreeNotices(t.ctx)).toMatchObject({ sent: [], expired: [] });
    expect(await noticesOf(s.id)).toMatchObject([{ state: "waiting" }]);

    t.clock.advance(SECOND);
    await s.free(); // the GPU frees after the 24 hours
    const run = await runGpuFreeNotices(t.ctx);
    expect(run.sent).toEqual([]);
    expect(run.expired).toHaveLength(1);
    expect(await noticesOf(s.id)).toMatchObject([{ state: "expired", sentAt: null }]);
    expect(await siteMessagesOf(s.owner.userId)).toEqual([]);
    expect(await deliveriesTo([await phoneOf(s.owner.userId)])).toEqual([]);
    const askedAt = (await noticesOf(s.id))[0]!.createdAt;
    const beijing = new Date(askedAt.getTime() + 8 * HOUR).toISOString().slice(0, 16).replace("T", " ");
    expect((await eventsOf(s.id, "gpu_notice_expired")).map((e) => e.text)).toEqual([
      `GPU 空闲通知已过期：${beijing}（北京时间）订阅后 24 小时内所在主机未空出足够的 GPU，未发送通知`,
    ]);
    expect((await runGpuFreeNotices(t.ctx)).expired).toEqual([]);
  });

  it("cancelled by the user, is never sent; a new one may be asked for", async () => {
    const s = await stoppedOnFullHost();
    await subscribeGpuFreeNotice(t.ctx, s.owner.caller, { uuid: s.uuid, sms: false, email: false });
    const cancelled = await cancelGpuFreeNotice(t.ctx, s.owner.caller, { uuid: s.uuid });
    expect(cancelled).toMatchObject({ outcome: "cancelled", notice: { state: "cancelled", cancelReason: "user" } });
    expect((await cancelGpuFreeNotice(t.ctx, s.owner.caller, { uuid: s.uuid })).outcome).toBe("none");
    expect((await eventsOf(s.id, "gpu_notice_cancel")).map((e) => [e.actor, e.text])).toEqual([
      ["user", "用户取消 GPU 空闲通知"],
    ]);
    await s.free();
    expect((await runGpuFreeNotices(t.ctx)).sent).toEqual([]);
    expect(await siteMessagesOf(s.owner.userId)).toEqual([]);
  });

  it("is cancelled by a start of the instance (it needs none) and by its release, and then never sent", async () => {
    const s = await stoppedOnFullHost();
    await subscribeGpuFreeNotice(t.ctx, s.owner.caller, { uuid: s.uuid, sms: false, email: false });
    await s.free();
    // The user started it before the job ran.
    await startInstance(t.ctx, s.owner.caller, { uuid: s.uuid });
    expect(await noticesOf(s.id)).toMatchObject([{ state: "cancelled", cancelReason: "started" }]);
    expect((await eventsOf(s.id, "gpu_notice_cancel")).map((e) => [e.actor, e.text])).toEqual([
      ["system", "实例已开机，GPU 空闲通知已自动取消"],
    ]);
    await wait(5 * SECOND);
    await stopInstance(t.ctx, s.owner.caller, { uuid: s.uuid });
    await wait(5 * SECOND);
    expect((await runGpuFreeNotices(t.ctx)).sent).toEqual([]);
    expect(await siteMessagesOf(s.owner.userId)).toEqual([]);

    const r = await stoppedOnFullHost();
    await subscribeGpuFreeNotice(t.ctx, r.owner.caller, { uuid: r.uuid, sms: false, email: false });
    const name = (await rowOf(r.uuid)).name;
    await releaseInstance(t.ctx, r.owner.caller, { uuid: r.uuid, confirmName: name });
    expect(await noticesOf(r.id)).toMatchObject([{ state: "cancelled", cancelReason: "released" }]);
    await r.free();
    expect((await runGpuFreeNotices(t.ctx)).sent).toEqual([]);
    expect(await siteMessagesOf(r.owner.userId)).toEqual([]);
  });

  it("sends SMS only to the account's own phone as it is when sent, email only to its confirmed notice email", async () => {
    const s = await stoppedOnFullHost();
    const email = `gpu-${s.owner.userId}@example.com`;
    const confirm = (confirmedAt: Date | null) =>
      t.db
        .update(users)
        .set({ noticeEmail: email, noticeEmailConfirmedAt: confirmedAt })
        .where(eq(users.id, s.owner.userId));
    await confirm(null);
    expect(
      await outcomeOf(subscribeGpuFreeNotice(t.ctx, s.owner.caller, { uuid: s.uuid, sms: true, email: true })),
    ).toBe("BAD_REQUEST");
    await confirm(t.clock.now());
    const asked = await subscribeGpuFreeNotice(t.ctx, s.owner.caller, { uuid: s.uuid, sms: true, email: true });
    expect(asked).toMatchObject({ outcome: "subscribed", notice: { notifySms: true, notifyEmail: true } });
    expect(asked.email).toEqual({ available: true, address: email, refusal: null });

    const oldPhone = await phoneOf(s.owner.userId);
    const newPhone = uniquePhone();
    await t.db.update(users).set({ phone: newPhone }).where(eq(users.id, s.owner.userId));
    await s.free();
    expect(await runGpuFreeNotices(t.ctx)).toMatchObject({ sms: 1, email: 1 });
    const queued = await deliveriesTo([oldPhone, newPhone, email]);
    expect(queued.map((d) => [d.channel, d.recipient, d.subject]).sort()).toEqual([
      ["email", email, `【GPU 空闲通知】实例「${asked.instance.name}」可以开机了`],
      ["sms", newPhone, "gpu_free"],
    ]);
    expect(queued.find((d) => d.channel === "sms")!.payload).toEqual({ instance: asked.instance.name, gpus: "1" });
    expect(queued.find((d) => d.channel === "email")!.payload.text).toContain(
      `http://127.0.0.1:3000/restartInstance?uuid=${s.uuid}`,
    );
  });

  it("sends no email when the notice email is no longer confirmed at sending", async () => {
    const s = await stoppedOnFullHost();
    const email = `gpu-late-${s.owner.userId}@example.com`;
    await t.db
      .update(users)
      .set({ noticeEmail: email, noticeEmailConfirmedAt: t.clock.now() })
      .where(eq(users.id, s.owner.userId));
    await subscribeGpuFreeNotice(t.ctx, s.owner.caller, { uuid: s.uuid, sms: false, email: true });
    await t.db.update(users).set({ noticeEmailConfirmedAt: null }).where(eq(users.id, s.owner.userId));
    await s.free();
    expect(await runGpuFreeNotices(t.ctx)).toMatchObject({ sent: [expect.any(Number)], email: 0 });
    expect(await deliveriesTo([email])).toEqual([]);
    expect(await siteMessagesOf(s.owner.userId)).toHaveLength(1);
  });

  it("of a sub-account's own instance: site message to the sub-account only, no SMS or email", async () => {
    const main = await mainAccount(t, { cashFen: 100_00 });
    const sub = await subAccount(t, main, 50_00);
    const s = await stoppedOnFullHost(sub);
    const refused = await subscribeGpuFreeNotice(t.ctx, sub.caller, { uuid: s.uuid, sms: true, email: false }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ key: "BAD_REQUEST", field: "notify_sms" });
    const asked = await subscribeGpuFreeNotice(t.ctx, sub.caller, { uuid: s.uuid, sms: false, email: false });
    expect(asked.sms).toMatchObject({ available: false });
    await s.free();
    expect((await runGpuFreeNotices(t.ctx)).sent).toHaveLength(1);
    expect((await siteMessagesOf(main.userId)).map((m) => m.subAccountId)).toEqual([sub.subAccountId]);
  });
});

describe("asking for a notice", () => {
  it("is refused for a running instance, a package, and a host with the GPUs now; twice is one notice", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const owner = await mainAccount(t, { cashFen: 500_00 });
    const refusal = async (uuid: string) => {
      const error = await subscribeGpuFreeNotice(t.ctx, owner.caller, { uuid, sms: false, email: false }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DomainError);
      return { key: (error as DomainError).key, field: (error as DomainError).field, reason: (error as Error).message };
    };
    const hourlyUuid = await rent(owner, offer);
    expect(await refusal(hourlyUuid)).toEqual({
      key: "INSTANCE_STATE",
      field: undefined,
      reason: "仅已关机的实例可以订阅 GPU 空闲通知",
    });
    await stopInstance(t.ctx, owner.caller, { uuid: hourlyUuid });
    await wait(5 * SECOND);
    expect(await refusal(hourlyUuid)).toEqual({
      key: "INSTANCE_STATE",
      field: "gpu_free_now",
      reason: GPU_NOTICE_START_NOW,
    });

    const packageUuid = await rent(owner, offer, daily(offer, 1));
    await stopInstance(t.ctx, owner.caller, { uuid: packageUuid });
    await wait(5 * SECOND);
    expect((await refusal(packageUuid)).reason).toBe("包时、包日、包月实例在有效期内关机仍保留 GPU，可直接开机");
    expect(await t.db.select().from(gpuFreeNotices).where(eq(gpuFreeNotices.userId, owner.userId))).toEqual([]);

    const s = await stoppedOnFullHost(owner);
    expect(
      (await subscribeGpuFreeNotice(t.ctx, owner.caller, { uuid: s.uuid, sms: false, email: false })).outcome,
    ).toBe("subscribed");
    const again = await subscribeGpuFreeNotice(t.ctx, owner.caller, { uuid: s.uuid, sms: true, email: false });
    expect(again).toMatchObject({ outcome: "already", notice: { notifySms: false } });
    expect(await noticesOf(s.id)).toHaveLength(1);
  });
});
