/**
 * The resize calls on the wire (decision 081): the options of a stopped
 * hourly instance with their prices, the change, a count out of range
 * refused beside its field in Chinese with nothing changed.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { instances } from "../db/market-schema";
import { hourly, mainAccount, opKey, rentalFields, testOffer } from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { advanceTransitions } from "../modules/instances/transitions";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

it("offers and applies a GPU count of a stopped hourly instance, and refuses one out of range", async () => {
  const offer = await testOffer(t, { hosts: [2] });
  const owner = await mainAccount(t, { cashFen: 100_00 });
  const rented = await t.post("/instance/create_instance", {
    session: owner.token,
    ...rentalFields(hourly(offer)),
    operation_key: opKey(),
  } as never);
  const uuid = rented.body.data.Instance.InstanceUuid as string;
  t.clock.advance(5_000);
  await advanceTransitions(t.ctx);
  const running = await t.post("/instance/get_upgrade_spec_options", { session: owner.token, instance_uuid: uuid });
  expect(running.body).toMatchObject({ status: 0, data: { Blocked: "请先关机再调整配置", Options: [] } });
  await t.post("/instance/stop_instance", { session: owner.token, instance_uuid: uuid });
  t.clock.advance(3_000);
  await advanceTransitions(t.ctx);

  const options = await t.post("/instance/get_upgrade_spec_options", { session: owner.token, instance_uuid: uuid });
  expect(options.body).toMatchObject({
    status: 0,
    data: {
      Blocked: null,
      Options: [{ GpuCount: 2, Kind: "hourly", HourlyPrice: "3.96", Charge: "0.00", RemainingSeconds: 0 }],
    },
  });

  const tooMany = await t.post("/instance/upgrade_spec", {
    session: owner.token,
    instance_uuid: uuid,
    gpu_count: 9,
    operation_key: opKey(),
  });
  expect(tooMany.body).toMatchObject({ status: 1, data: { field: "gpu_count" } });
  expect(tooMany.body.reason).toMatch(/GPU数量/);
  const busy = await t.post("/instance/upgrade_spec", {
    session: owner.token,
    instance_uuid: uuid,
    gpu_count: 3,
    operation_key: opKey(),
  });
  expect(busy.body).toMatchObject({ status: 1, key: "HOST_GPU_BUSY", data: { field: "gpu_count" } });
  expect((await t.db.select().from(instances).where(eq(instances.uuid, uuid)))[0]!.gpuCount).toBe(1);

  const resized = await t.post("/instance/upgrade_spec", {
    session: owner.token,
    instance_uuid: uuid,
    gpu_count: 2,
    operation_key: opKey(),
  });
  expect(resized.body).toMatchObject({
    status: 0,
    data: { Instance: { GpuCount: 2, HourlyPrice: "3.96" }, Option: { GpuCount: 2 }, OrderNo: null, Replayed: false },
  });
});
