/**
 * Instance plugins (decision 089): a tool switched on or off and a custom port
 * opened or closed are the instance's state, logged once, kept across a
 * restart and a stop/start; a running instance's change applies now, a stopped
 * one's at its next start; bad ports and a sixth custom port are refused
 * beside the port field and change nothing; another account's instance is
 * INSTANCE_NOT_FOUND; two requests racing for the last custom port open one.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instanceEvents } from "../../db/timeline-schema";
import { instancePlugins } from "../../db/plugins-schema";
import { MAX_CUSTOM_PORTS } from "../../rules/instance-plugins";
import { hourly, mainAccount, opKey, subAccount, testOffer, type TestAccount } from "../../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import type { DomainError } from "../errors";
import { releaseInstance, restartInstance, startInstance, stopInstance } from "./actions";
import { createInstance } from "./create";
import { instanceDetail } from "./detail";
import { listInstances } from "./list";
import { closeInstancePort, listInstancePlugins, openInstancePort, setInstancePlugin } from "./plugins";
import { advanceTransitions } from "./transitions";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-03-01T00:00:00Z") });
});
afterAll(() => t.close());

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: DomainError) => ({ key: e.key, field: e.field, detail: e.detail }),
  );

async function wait(ms: number) {
  t.clock.advance(ms);
  await advanceTransitions(t.ctx);
}

/** A running hourly instance of `renter` on a fresh host. */
async function runningInstance(renter: TestAccount) {
  const offer = await testOffer(t, { hosts: [8] });
  const created = await createInstance(t.ctx, renter.caller, { ...hourly(offer), operationKey: opKey() });
  await wait(5_000);
  return created.instance;
}

const eventsOf = async (instanceId: number) =>
  (await t.db.select().from(instanceEvents).where(eq(instanceEvents.instanceId, instanceId)))
    .filter((e) => e.kind.startsWith("plugin_"))
    .map((e) => ({ kind: e.kind, text: e.text }));
const rowsOf = async (instanceId: number) =>
  t.db.select().from(instancePlugins).where(eq(instancePlugins.instanceId, instanceId));

describe("a running instance's tools", () => {
  it("start with JupyterLab on, the others off, each on its own slot of the instance's port block", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const instance = await runningInstance(renter);
    const view = await listInstancePlugins(t.ctx, renter.caller, { uuid: instance.uuid });
    expect(view).toMatchObject({ blocked: null, applies: "now", custom: [], customLimit: MAX_CUSTOM_PORTS });
    const host = view.instance.hostSshHost;
    const ssh = view.instance.sshPort;
    expect(view.builtins).toEqual([
      {
        kind: "jupyterlab",
        label: "JupyterLab",
        port: 8888,
        protocol: "http",
        enabled: true,
        address: `https://${host}:${ssh + 1}/lab?token=${view.instance.jupyterToken}`,
        reachable: true,
      },
      expect.objectContaining({ kind: "tensorboard", enabled: false, address: null, reachable: false }),
      expect.objectContaining({ kind: "code_server", enabled: false, address: null, reachable: false }),
    ]);
  });

  it("turns TensorBoard on now, once, and keeps it on across a restart and a stop and start", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const instance = await runningInstance(renter);
    const on = await setInstancePlugin(t.ctx, renter.caller, {
      uuid: instance.uuid,
      plugin: "tensorboard",
      enabled: true,
    });
    expect(on).toMatchObject({
      changed: true,
      applies: "now",
      plugin: { kind: "tensorboard", enabled: true, reachable: true },
    });
    expect(on.plugin.address).toBe(`https://${instance.hostSshHost}:${instance.sshPort + 2}/`);
    const again = await setInstancePlugin(t.ctx, renter.caller, {
      uuid: instance.uuid,
      plugin: "tensorboard",
      enabled: true,
    });
    expect(again.changed).toBe(false);
    expect(await eventsOf(instance.id)).toEqual([{ kind: "plugin_on", text: "开启插件 TensorBoard" }]);

    await restartInstance(t.ctx, renter.caller, { uuid: instance.uuid });
    await wait(5_000);
    const afterRestart = await listInstancePlugins(t.ctx, renter.caller, { uuid: instance.uuid });
    expect(afterRestart.instance.state).toBe("running");
    expect(afterRestart.builtins.find((p) => p.kind === "tensorboard")).toEqual(on.plugin);

    await stopInstance(t.ctx, renter.caller, { uuid: instance.uuid });
    await wait(3_000);
    const stopped = await listInstancePlugins(t.ctx, renter.caller, { uuid: instance.uuid });
    expect(stopped.applies).toBe("next_start");
    expect(stopped.builtins.find((p) => p.kind === "tensorboard")).toMatchObject({ enabled: true, reachable: false });

    await startInstance(t.ctx, renter.caller, { uuid: instance.uuid });
    await wait(4_000);
    const started = await listInstancePlugins(t.ctx, renter.caller, { uuid: instance.uuid });
    expect(started.builtins.find((p) => p.kind === "tensorboard")).toEqual(on.plugin);
  });

  it("turns JupyterLab off on a stopped instance for its next start, and says so in the log", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const instance = await runningInstance(renter);
    await stopInstance(t.ctx, renter.caller, { uuid: instance.uuid });
    await wait(3_000);
    const off = await setInstancePlugin(t.ctx, renter.caller, {
      uuid: instance.uuid,
      plugin: "jupyterlab",
      enabled: false,
    });
    expect(off).toMatchObject({ changed: true, applies: "next_start", plugin: { enabled: false, address: null } });
    expect(await eventsOf(instance.id)).toEqual([{ kind: "plugin_off", text: "关闭插件 JupyterLab，下次开机时生效" }]);
    // Its page and the list show no JupyterLab link; the renter's other instance keeps its own.
    const other = await runningInstance(renter);
    const detail = await instanceDetail(t.ctx, renter.caller, { uuid: instance.uuid, revealPassword: false });
    expect(detail.access).toMatchObject({ jupyterUrl: null, sshPort: instance.sshPort });
    const listed = await listInstances(t.ctx, renter.caller, { page: 1, pageSize: 10, state: null });
    expect(Object.fromEntries(listed.items.map((i) => [i.uuid, i.access?.jupyterUrl ?? null]))).toEqual({
      [instance.uuid]: null,
      [other.uuid]: expect.stringContaining(`:${other.sshPort + 1}/lab?token=`),
    });
  });
});

describe("custom ports", () => {
  it("opens up to five with their protocol, refuses bad ones beside the port field, and closes one", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const instance = await runningInstance(renter);
    const open = (port: number, protocol: "http" | "tcp" = "http") =>
      openInstancePort(t.ctx, renter.caller, { uuid: instance.uuid, port, protocol });

    const web = await open(7860);
    expect(web.plugin).toEqual({
      kind: "custom",
      label: "自定义端口 7860",
      port: 7860,
      protocol: "http",
      enabled: true,
      address: `https://${instance.hostSshHost}:${instance.sshPort + 4}/`,
      reachable: true,
    });
    const db = await open(5432, "tcp");
    expect(db.plugin.address).toBe(`${instance.hostSshHost}:${instance.sshPort + 5}`);

    const refusals = [
      [22, "22 端口用于 SSH，无需另行开放"],
      [6006, "6006 端口由 TensorBoard 使用，请在上方开启该插件"],
      [7860, "7860 端口已开放"],
    ] as const;
    for (const [port, detail] of refusals)
      expect(await failure(open(port))).toEqual({ key: "BAD_REQUEST", field: "port", detail });
    for (const port of [8000, 8001, 8002]) await open(port);
    expect(await failure(open(9000))).toEqual({
      key: "BAD_REQUEST",
      field: "port",
      detail: "每个实例最多开放 5 个自定义端口",
    });
    expect((await rowsOf(instance.id)).map((r) => r.port).sort()).toEqual([5432, 7860, 8000, 8001, 8002]);

    const closed = await closeInstancePort(t.ctx, renter.caller, { uuid: instance.uuid, port: 5432 });
    expect(closed).toMatchObject({ changed: true, plugin: { port: 5432, enabled: false, address: null } });
    expect(await failure(closeInstancePort(t.ctx, renter.caller, { uuid: instance.uuid, port: 5432 }))).toEqual({
      key: "BAD_REQUEST",
      field: "port",
      detail: "5432 端口未开放",
    });
    // Its slot (5) is free again: the next port takes it.
    expect((await open(9000)).plugin.address).toBe(`https://${instance.hostSshHost}:${instance.sshPort + 5}/`);
    const logged = await eventsOf(instance.id);
    expect(logged).toHaveLength(7);
    expect(logged).toContainEqual({ kind: "plugin_off", text: "关闭自定义端口 5432（TCP）" });
  });

  it("two requests racing for the last free port open exactly one", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const instance = await runningInstance(renter);
    for (const port of [8000, 8001, 8002, 8003])
      await openInstancePort(t.ctx, renter.caller, { uuid: instance.uuid, port, protocol: "http" });
    const raced = await Promise.all(
      [9000, 9001].map((port) =>
        failure(openInstancePort(t.ctx, renter.caller, { uuid: instance.uuid, port, protocol: "http" })),
      ),
    );
    expect(raced.filter((r) => r === null)).toHaveLength(1);
    expect(raced.filter((r) => r !== null)).toEqual([
      { key: "BAD_REQUEST", field: "port", detail: "每个实例最多开放 5 个自定义端口" },
    ]);
    expect(await rowsOf(instance.id)).toHaveLength(MAX_CUSTOM_PORTS);
  });
});

describe("who may switch them", () => {
  it("another account and a sibling sub-account get INSTANCE_NOT_FOUND and change nothing", async () => {
    const owner = await mainAccount(t, { cashFen: 100_00 });
    const stranger = await mainAccount(t, { cashFen: 100_00 });
    const subA = await subAccount(t, owner, 50_00);
    const subB = await subAccount(t, owner, 50_00);
    const offer = await testOffer(t, { hosts: [8] });
    const subs = await createInstance(t.ctx, subA.caller, { ...hourly(offer), operationKey: opKey() });
    await wait(5_000);
    const uuid = subs.instance.uuid;
    for (const caller of [stranger.caller, subB.caller]) {
      const notFound = { key: "INSTANCE_NOT_FOUND", field: undefined, detail: undefined };
      expect(await failure(listInstancePlugins(t.ctx, caller, { uuid }))).toEqual(notFound);
      expect(await failure(setInstancePlugin(t.ctx, caller, { uuid, plugin: "tensorboard", enabled: true }))).toEqual(
        notFound,
      );
      expect(await failure(openInstancePort(t.ctx, caller, { uuid, port: 7860, protocol: "http" }))).toEqual(notFound);
      expect(await failure(closeInstancePort(t.ctx, caller, { uuid, port: 7860 }))).toEqual(notFound);
    }
    expect(await rowsOf(subs.instance.id)).toEqual([]);
    // The main account acts on its sub-account's instance.
    await setInstancePlugin(t.ctx, owner.caller, { uuid, plugin: "code_server", enabled: true });
    expect((await rowsOf(subs.instance.id)).map((r) => [r.plugin, r.enabled])).toEqual([["code_server", true]]);
  });

  it("a released instance has none and refuses changes", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const instance = await runningInstance(renter);
    await setInstancePlugin(t.ctx, renter.caller, { uuid: instance.uuid, plugin: "tensorboard", enabled: true });
    await releaseInstance(t.ctx, renter.caller, { uuid: instance.uuid, confirmName: instance.name });
    await wait(3_000);
    const view = await listInstancePlugins(t.ctx, renter.caller, { uuid: instance.uuid });
    expect(view).toMatchObject({ blocked: "实例已释放，插件不可用", builtins: [], custom: [] });
    expect(
      await failure(
        setInstancePlugin(t.ctx, renter.caller, { uuid: instance.uuid, plugin: "tensorboard", enabled: false }),
      ),
    ).toEqual({ key: "INSTANCE_STATE", field: undefined, detail: "实例已释放，插件不可用" });
  });
});
