/**
 * The instances' IDOR walk (issue 12): every instance call is made with
 * another account's instance uuid — by a stranger, and by a sub-account
 * against its main account's other sub-account's instance and the main
 * account's own — and answers INSTANCE_NOT_FOUND, as for a missing one, and
 * nothing of the owner's changes. Lists show only the caller's instances; a
 * main account sees and acts on its sub-accounts' instances.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { hosts, instances } from "../db/market-schema";
import { instancePlugins } from "../db/plugins-schema";
import { scheduledShutdowns } from "../db/schedule-schema";
import { gpuFreeNotices } from "../db/gpu-notice-schema";
import { instanceDowngrades } from "../db/downgrade-schema";
import {
  daily,
  hourly,
  mainAccount,
  opKey,
  rentalFields,
  subAccount,
  testOffer,
  type TestAccount,
} from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { customImages } from "../db/images-schema";
import { advanceImageSaves } from "../modules/images/advance";
import { advanceTransitions } from "../modules/instances/transitions";
import { shutdownInputValue } from "../rules/scheduled-shutdown";

let t: TestPlatform;
let owner: TestAccount;
let subA: TestAccount;
let subB: TestAccount;
let stranger: TestAccount;
let offerHosts: number[];
const uuids = { ownerHourly: "", ownerPackage: "", subA: "" };
const names: Record<string, string> = {};
const subAKey = opKey("sub-a");
let officialImageId = 0;

async function rent(account: TestAccount, fields: Record<string, unknown>, operationKey = opKey()) {
  const reply = await t.post("/instance/create_instance", {
    session: account.token,
    ...fields,
    operation_key: operationKey,
  } as never);
  expect(reply.body).toMatchObject({ status: 0 });
  return reply.body.data.Instance as { InstanceUuid: string; Name: string };
}

beforeAll(async () => {
  t = await startTestPlatform();
  // Two hosts: the owner's instances could migrate to the second (the walk's migrations must find nothing).
  const offer = await testOffer(t, { hosts: [8, 8] });
  offerHosts = offer.hostIds;
  officialImageId = offer.imageId;
  owner = await mainAccount(t, { cashFen: 1_000_00 });
  subA = await subAccount(t, owner, 500_00);
  subB = await subAccount(t, owner, 500_00);
  stranger = await mainAccount(t, { cashFen: 1_000_00 });
  const a = await rent(owner, rentalFields(hourly(offer)));
  // Two GPUs: the walk's downgrade (decision 095) could shrink it.
  const b = await rent(owner, { ...rentalFields(daily(offer, 1, { gpuCount: 2 })), name: "包天机" });
  const c = await rent(subA, rentalFields(hourly(offer)), subAKey);
  uuids.ownerHourly = a.InstanceUuid;
  uuids.ownerPackage = b.InstanceUuid;
  uuids.subA = c.InstanceUuid;
  for (const i of [a, b, c]) names[i.InstanceUuid] = i.Name;
  t.clock.advance(5_000);
  await advanceTransitions(t.ctx);
  // Plugin state of the owner's and the sub-account's instances, for the walk to leave alone.
  for (const uuid of [uuids.ownerHourly, uuids.subA]) {
    const opened = await t.post("/instance/open_instance_port", {
      session: owner.token,
      instance_uuid: uuid,
      port: 7860,
      protocol: "http",
    });
    expect(opened.body).toMatchObject({ status: 0, data: { Changed: true } });
  }
  // A pending scheduled shutdown on each running instance, so the walk's cancel and set would change it.
  for (const [account, uuid] of [
    [owner, a.InstanceUuid],
    [owner, b.InstanceUuid],
    [subA, c.InstanceUuid],
  ] as const) {
    const set = await t.post("/instance/set_scheduled_shutdown", {
      session: account.token,
      instance_uuid: uuid,
      shutdown_at: shutdownInputValue(new Date(t.clock.now().getTime() + 3 * 3_600_000)),
    });
    expect(set.body).toMatchObject({ status: 0, data: { Outcome: "set" } });
  }
  // A waiting GPU free notice on the owner's and the sub-account's hourly instances, so the walk's cancel would end it.
  for (const uuid of [uuids.ownerHourly, uuids.subA]) {
    const [row] = await t.db.select().from(instances).where(eq(instances.uuid, uuid));
    const now = t.clock.now();
    await t.db.insert(gpuFreeNotices).values({
      instanceId: row!.id,
      userId: row!.userId,
      subAccountId: row!.subAccountId,
      hostId: row!.hostId,
      gpuCount: row!.gpuCount,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 24 * 3_600_000),
    });
  }
});
afterAll(() => t.close());

async function snapshot() {
  const rows = await t.db.select().from(instances).where(eq(instances.userId, owner.userId));
  const [account] = await t.db.select().from(users).where(eq(users.id, owner.userId));
  const hostRows = await t.db.select().from(hosts).where(inArray(hosts.id, offerHosts));
  const plugins = await t.db.select().from(instancePlugins).where(eq(instancePlugins.userId, owner.userId));
  const shutdowns = await t.db
    .select()
    .from(scheduledShutdowns)
    .where(eq(scheduledShutdowns.userId, owner.userId))
    .orderBy(scheduledShutdowns.id);
  const notices = await t.db
    .select()
    .from(gpuFreeNotices)
    .where(eq(gpuFreeNotices.userId, owner.userId))
    .orderBy(gpuFreeNotices.id);
  const downgrades = await t.db.select().from(instanceDowngrades).where(eq(instanceDowngrades.userId, owner.userId));
  return {
    downgrades,
    rows: rows.sort((x, y) => x.id - y.id),
    account,
    hostRows,
    plugins: plugins.sort((x, y) => x.id - y.id),
    shutdowns,
    notices,
  };
}

const calls = (uuid: string): [string, Record<string, string | number>][] => [
  ["/instance/get_instance_detail", { instance_uuid: uuid, reveal_password: 1 }],
  ["/instance/stop_instance", { instance_uuid: uuid }],
  ["/instance/restart_instance", { instance_uuid: uuid }],
  ["/instance/start_instance", { instance_uuid: uuid }],
  ["/instance/release_instance", { instance_uuid: uuid, confirm_name: names[uuid] ?? "x" }],
  ["/instance/get_stop_refund_preview", { instance_uuid: uuid }],
  ["/instance/stop_instance_with_refund", { instance_uuid: uuid, confirm_name: names[uuid] ?? "x" }],
  ["/logs/get_instance_log_list", { instance_uuid: uuid, kind: "all" }],
  ["/instance/preview_renewal", { instance_uuid: uuid, unit: "day", count: 1 }],
  ["/renew_kvm_v2", { instance_uuid: uuid, unit: "day", count: 1, operation_key: opKey("renew") }],
  ["/instance/preview_renewal", { instance_uuid: uuid, unit: "hour_package", count: 3 }],
  ["/renew_kvm_v2", { instance_uuid: uuid, unit: "hour_package", count: 3, operation_key: opKey("renew") }],
  ["/instance/get_upgrade_spec_options", { instance_uuid: uuid }],
  ["/instance/upgrade_spec", { instance_uuid: uuid, gpu_count: 2, operation_key: opKey("idor") }],
  [
    "/instance/upgrade_spec",
    { instance_uuid: uuid, gpu_count: 1, expected_refund_fen: 1, operation_key: opKey("idor") },
  ],
  ["/instance/upgrade_spec", { instance_uuid: uuid, gpu_count: 1, operation_key: opKey("idor") }],
  ["/instance/upgrade_spec", { instance_uuid: uuid, data_disk_gb: 1050, operation_key: opKey("idor") }],
  ["/instance/get_instance_plugins", { instance_uuid: uuid }],
  ["/instance/set_instance_plugin", { instance_uuid: uuid, plugin: "jupyterlab", enabled: 0 }],
  ["/instance/open_instance_port", { instance_uuid: uuid, port: 8000, protocol: "tcp" }],
  ["/instance/close_instance_port", { instance_uuid: uuid, port: 7860 }],
  ["/instance/get_scheduled_shutdown", { instance_uuid: uuid }],
  ["/instance/preview_scheduled_shutdown", { instance_uuid: uuid, shutdown_at: "2026-12-31T10:00" }],
  ["/instance/set_scheduled_shutdown", { instance_uuid: uuid, shutdown_at: "2026-12-31T10:00" }],
  ["/instance/cancel_scheduled_shutdown", { instance_uuid: uuid }],
  ["/instance/get_migrate_targets", { instance_uuid: uuid }],
  ["/instance/migrate_instance", { instance_uuid: uuid, target_host_id: "", operation_key: opKey("idor") }],
  ["/instance/migrate_instance", { instance_uuid: uuid, target_host_id: offerHosts[1]!, operation_key: opKey("idor") }],
  ["/instance/get_start_without_gpu_preview", { instance_uuid: uuid }],
  ["/instance/start_instance_without_gpu", { instance_uuid: uuid }],
  ["/image/save_custom_image", { instance_uuid: uuid, name: "idor", operation_key: opKey("image") }],
  ["/instance/get_reset_system_options", { instance_uuid: uuid }],
  ["/instance/reset_system", { instance_uuid: uuid, image_id: officialImageId, operation_key: opKey("reset") }],
  ["/instance/get_gpu_free_notice", { instance_uuid: uuid }],
  ["/instance/subscribe_gpu_free_notice", { instance_uuid: uuid, notify_sms: "1" }],
  ["/instance/cancel_gpu_free_notice", { instance_uuid: uuid }],
];

async function walk(caller: TestAccount, targets: string[]) {
  const before = await snapshot();
  t.clock.advance(60_000);
  for (const uuid of targets)
    for (const [path, fields] of calls(uuid)) {
      const reply = await t.post(path, { session: caller.token, ...fields });
      expect({ path, uuid, body: reply.body }).toMatchObject({
        path,
        uuid,
        body: { status: 1, key: "INSTANCE_NOT_FOUND", reason: "实例不存在或无权访问" },
      });
    }
  const after = await snapshot();
  expect(after).toEqual(before);
}

describe("another account with the owner's instance uuids", () => {
  it("is answered INSTANCE_NOT_FOUND by every instance call, and nothing changes", async () => {
    await walk(stranger, [uuids.ownerHourly, uuids.ownerPackage, uuids.subA, "i-0000000000"]);
  });

  it("lists none of them", async () => {
    const list = await t.post("/instance/get_instance_list", { session: stranger.token, state: "all" });
    expect(list.body).toMatchObject({ status: 0, data: { list: [], total: 0 } });
  });

  it("sees none of them on the sub-accounts' page (issue 36: /console/subAccountInstance)", async () => {
    const page = await t.post("/instance/get_sub_account_instances", { session: stranger.token });
    expect(page.body).toMatchObject({ status: 0, data: { Groups: [] } });
  });

  it("replays nothing of theirs for the same operation key: the key is the stranger's own", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const mine = await rent(stranger, rentalFields(hourly(offer)), subAKey);
    expect(mine.InstanceUuid).not.toBe(uuids.subA);
  });
});

describe("a sub-account", () => {
  it("is answered INSTANCE_NOT_FOUND for its sibling's and its main account's instances, and nothing changes", async () => {
    await walk(subB, [uuids.subA, uuids.ownerHourly, uuids.ownerPackage]);
  });

  it("is refused the sub-accounts' page, which is its main account's (NOT_FOUND)", async () => {
    const page = await t.post("/instance/get_sub_account_instances", { session: subA.token });
    expect(page.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
  });

  it("lists only its own; its sibling's operation key is refused, not replayed", async () => {
    const list = await t.post("/instance/get_instance_list", { session: subA.token });
    expect(list.body.data.list.map((i: { InstanceUuid: string }) => i.InstanceUuid)).toEqual([uuids.subA]);
    const other = await t.post("/instance/get_instance_list", { session: subB.token });
    expect(other.body.data).toMatchObject({ list: [], total: 0 });
    const offer = await testOffer(t, { hosts: [8] });
    const reused = await t.post("/instance/create_instance", {
      session: subB.token,
      ...rentalFields(hourly(offer)),
      operation_key: subAKey,
    } as never);
    expect(reused.body).toMatchObject({ status: 1, key: "OPERATION_CONFLICT" });
  });
});

describe("the main account", () => {
  it("lists its own and its sub-accounts' instances, newest first, with the sub-account's name", async () => {
    const list = await t.post("/instance/get_instance_list", { session: owner.token });
    const rows = list.body.data.list as { InstanceUuid: string; SubAccountName: string | null; State: string }[];
    expect(rows.map((r) => r.InstanceUuid)).toEqual([uuids.subA, uuids.ownerPackage, uuids.ownerHourly]);
    expect(rows[0]!.SubAccountName).toMatch(/^sub-/);
    expect(rows[1]!.SubAccountName).toBeNull();
    expect(rows.every((r) => r.State === "running")).toBe(true);
  });

  it("sees its sub-accounts' instances grouped by sub-account, none of its own", async () => {
    const page = await t.post("/instance/get_sub_account_instances", { session: owner.token });
    const groups = page.body.data.Groups as { SubAccountId: number; Instances: { InstanceUuid: string }[] }[];
    expect(groups.map((g) => [g.SubAccountId, g.Instances.map((i) => i.InstanceUuid)])).toEqual([
      [subA.subAccountId, [uuids.subA]],
      [subB.subAccountId, []],
    ]);
  });

  it("acts on its sub-account's instance", async () => {
    const stopped = await t.post("/instance/stop_instance", { session: owner.token, instance_uuid: uuids.subA });
    expect(stopped.body).toMatchObject({ status: 0, data: { State: "stopping" } });
  });

  it("migrates its sub-account's stopped instance to the other host", async () => {
    t.clock.advance(3_000);
    await advanceTransitions(t.ctx);
    const moved = await t.post("/instance/migrate_instance", {
      session: owner.token,
      instance_uuid: uuids.subA,
      target_host_id: offerHosts[1]!,
      operation_key: opKey("mig"),
    });
    expect(moved.body).toMatchObject({ status: 0, data: { Started: true, Instance: { InstanceUuid: uuids.subA } } });
    const [row] = await t.db.select().from(instances).where(eq(instances.uuid, uuids.subA));
    expect(row!.hostId).toBe(offerHosts[1]);
  });
});

describe("custom images (decision 088)", () => {
  const ids = { owner: 0, subA: 0 };
  const imageCalls = (imageId: number): [string, Record<string, string | number>][] => [
    ["/image/rename_custom_image", { image_id: imageId, name: "idor" }],
    ["/image/delete_custom_image", { image_id: imageId }],
  ];
  const imageRows = () => t.db.select().from(customImages).where(eq(customImages.userId, owner.userId));

  beforeAll(async () => {
    // The migration above started the sub-account's instance on its new host: both are brought to 已关机.
    t.clock.advance(5_000);
    await advanceTransitions(t.ctx);
    for (const uuid of [uuids.ownerHourly, uuids.subA]) {
      const stop = await t.post("/instance/stop_instance", { session: owner.token, instance_uuid: uuid });
      expect(stop.body, uuid).toMatchObject({ status: 0 });
    }
    t.clock.advance(5_000);
    await advanceTransitions(t.ctx);
    const save = async (account: TestAccount, uuid: string) => {
      const reply = await t.post("/image/save_custom_image", {
        session: account.token,
        instance_uuid: uuid,
        name: `img-${uuid}`,
        operation_key: opKey("image"),
      });
      expect(reply.body, `${uuid}: ${reply.body.reason}`).toMatchObject({
        status: 0,
        data: { Image: { State: "saving" } },
      });
      return reply.body.data.Image.Id as number;
    };
    ids.owner = await save(owner, uuids.ownerHourly);
    ids.subA = await save(subA, uuids.subA);
    t.clock.advance(10_000);
    await advanceImageSaves(t.ctx);
  });

  async function walkImages(caller: TestAccount, targets: number[]) {
    const before = await imageRows();
    const instancesBefore = await snapshot();
    for (const imageId of targets) {
      for (const [path, fields] of imageCalls(imageId)) {
        const reply = await t.post(path, { session: caller.token, ...fields });
        expect({ path, imageId, body: reply.body }).toMatchObject({
          path,
          imageId,
          body: { status: 1, key: "IMAGE_NOT_FOUND", reason: "镜像不存在或无权访问" },
        });
      }
      const offer = await testOffer(t, { hosts: [8] });
      const rented = await t.post("/instance/create_instance", {
        session: caller.token,
        ...rentalFields(hourly(offer, { imageId })),
        operation_key: opKey(),
      } as never);
      expect(rented.body).toMatchObject({ status: 1, key: "BAD_REQUEST", reason: "所选镜像不存在" });
      // The market's stock for an image follows the rental's rule: not another account's, not a sibling's.
      const stock = await t.post("/get_available_kvm_num", { session: caller.token, image_id: String(imageId) });
      expect({ imageId, body: stock.body }).toMatchObject({
        imageId,
        body: { status: 1, reason: "所选镜像不存在", data: { field: "image_id" } },
      });
    }
    const listed = await t.post("/image/get_custom_image_list", { session: caller.token });
    expect(listed.body.data.Images.map((i: { Id: number }) => i.Id)).not.toEqual(expect.arrayContaining(targets));
    expect(await imageRows()).toEqual(before);
    expect(await snapshot()).toEqual(instancesBefore);
  }

  it("another account: every image call with the owner's image ids is IMAGE_NOT_FOUND, renting from them refused", async () => {
    await walkImages(stranger, [ids.owner, ids.subA]);
  });

  it("a sub-account: its main account's and its sibling's images are not found, its own is listed", async () => {
    await walkImages(subB, [ids.owner, ids.subA]);
    await walkImages(subA, [ids.owner]);
    const own = await t.post("/image/get_custom_image_list", { session: subA.token });
    expect(own.body.data.Images.map((i: { Id: number }) => i.Id)).toEqual([ids.subA]);
  });

  it("the main account lists its own and its sub-accounts' images", async () => {
    const all = await t.post("/image/get_custom_image_list", { session: owner.token });
    expect(all.body.data.Images.map((i: { Id: number }) => i.Id)).toEqual([ids.subA, ids.owner]);
    expect(all.body.data.Quota).toMatchObject({ MaxCount: 5, MaxGb: 100, UsedCount: 2 });
  });
});
