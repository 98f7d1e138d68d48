/**
 * The plugin calls on the wire (decision 089): a running instance's tool is
 * switched and listed with its address; bad fields are refused beside their
 * field (a port that is not a number or out of range, an unknown protocol or
 * tool, a switch that is not 0/1) and change nothing; no session is status 2.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instancePlugins } from "../db/plugins-schema";
import { hourly, mainAccount, rentalFields, opKey, testOffer, type TestAccount } from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { advanceTransitions } from "../modules/instances/transitions";

let t: TestPlatform;
let owner: TestAccount;
let uuid = "";

beforeAll(async () => {
  t = await startTestPlatform();
  const offer = await testOffer(t, { hosts: [8] });
  owner = await mainAccount(t, { cashFen: 100_00 });
  const rented = await t.post("/instance/create_instance", {
    session: owner.token,
    ...rentalFields(hourly(offer)),
    operation_key: opKey(),
  } as never);
  uuid = rented.body.data.Instance.InstanceUuid;
  t.clock.advance(5_000);
  await advanceTransitions(t.ctx);
});
afterAll(() => t.close());

const post = (path: string, fields: Record<string, string | number>) =>
  t.post(path, { session: owner.token, instance_uuid: uuid, ...fields });

describe("the plugin calls", () => {
  it("turn TensorBoard on and list it with its address, reachable while running", async () => {
    const on = await post("/instance/set_instance_plugin", { plugin: "tensorboard", enabled: 1 });
    expect(on.body).toMatchObject({
      status: 0,
      data: { Changed: true, Applies: "now", Plugin: { Plugin: "tensorboard", Enabled: true, Reachable: true } },
    });
    const list = await post("/instance/get_instance_plugins", {});
    expect(list.body.data).toMatchObject({ Blocked: null, Applies: "now", CustomPorts: [], CustomLimit: 5 });
    expect(list.body.data.Builtins.map((p: { Plugin: string; Enabled: boolean }) => [p.Plugin, p.Enabled])).toEqual([
      ["jupyterlab", true],
      ["tensorboard", true],
      ["code_server", false],
    ]);
    expect(list.body.data.Builtins[1].Address).toMatch(/^https:\/\/.+:\d+\/$/);
  });

  it("refuse bad fields beside their field and change nothing", async () => {
    const before = await t.db.select().from(instancePlugins).where(eq(instancePlugins.userId, owner.userId));
    const refusals: [string, Record<string, string | number>, string][] = [
      ["/instance/open_instance_port", { port: "abc", protocol: "http" }, "port"],
      ["/instance/open_instance_port", { port: 0, protocol: "http" }, "port"],
      ["/instance/open_instance_port", { port: 70_000, protocol: "tcp" }, "port"],
      ["/instance/open_instance_port", { port: 22, protocol: "tcp" }, "port"],
      ["/instance/open_instance_port", { port: 7860, protocol: "udp" }, "protocol"],
      ["/instance/close_instance_port", { port: 7860 }, "port"],
      ["/instance/set_instance_plugin", { plugin: "ssh", enabled: 1 }, "plugin"],
      ["/instance/set_instance_plugin", { plugin: "tensorboard", enabled: 2 }, "enabled"],
    ];
    for (const [path, fields, field] of refusals) {
      const reply = await post(path, fields);
      expect({ path, fields, body: reply.body }).toMatchObject({ path, fields, body: { status: 1, data: { field } } });
    }
    expect(await t.db.select().from(instancePlugins).where(eq(instancePlugins.userId, owner.userId))).toEqual(before);
    expect((await t.post("/instance/get_instance_plugins", { instance_uuid: uuid })).body.status).toBe(2);
  });
});
