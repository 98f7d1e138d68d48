/**
 * The scheduled shutdown's calls over HTTP (decision 087): a bad or refused
 * `shutdown_at` is a field error beside that field and changes nothing; set,
 * read and cancel answer the pending shutdown with the server's time and the
 * estimate (hourly: the rate × the time left, the billing's own formula).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheduledShutdowns } from "../db/schedule-schema";
import { hourly, mainAccount, rentalFields, testOffer, opKey, type TestAccount } from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { advanceTransitions } from "../modules/instances/transitions";

let t: TestPlatform;
let renter: TestAccount;
let uuid = "";

beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-03-01T01:59:30Z") });
  renter = await mainAccount(t, { cashFen: 100_00 });
  const offer = await testOffer(t, { hosts: [8] });
  const rented = await t.post("/instance/create_instance", {
    session: renter.token,
    ...rentalFields(hourly(offer)),
    operation_key: opKey(),
  } as never);
  uuid = rented.body.data.Instance.InstanceUuid;
  t.clock.advance(30_000);
  await advanceTransitions(t.ctx);
});
afterAll(() => t.close());

const call = (path: string, fields: Record<string, string> = {}) =>
  t.post(path, { session: renter.token, instance_uuid: uuid, ...fields });

describe("setting a shutdown over HTTP", () => {
  it("refuses a missing, malformed, past or too distant time beside shutdown_at, and sets nothing", async () => {
    const refusals: [string | undefined, string][] = [
      [undefined, "请选择定时关机时间"],
      ["abc", "时间格式不正确，请按“年-月-日 时:分”填写"],
      ["2026-02-30T10:00", "时间格式不正确，请按“年-月-日 时:分”填写"],
      ["2026-03-01T10:00", "定时关机时间需晚于当前时间（2026-03-01 10:00）"],
      ["2026-04-01T10:00", "定时关机时间不能晚于 30 天后"],
    ];
    for (const [value, reason] of refusals)
      for (const path of ["/instance/preview_scheduled_shutdown", "/instance/set_scheduled_shutdown"]) {
        const reply = await call(path, value === undefined ? {} : { shutdown_at: value });
        expect({ path, value, body: reply.body }).toMatchObject({
          path,
          value,
          body: { status: 1, key: "BAD_REQUEST", reason, data: { field: "shutdown_at" } },
        });
      }
    expect(await t.db.select().from(scheduledShutdowns).where(eq(scheduledShutdowns.userId, renter.userId))).toEqual(
      [],
    );
  });

  it("previews, sets, reads and cancels, with the server's time and the estimate", async () => {
    const preview = await call("/instance/preview_scheduled_shutdown", { shutdown_at: "2026-03-01 12:30" });
    const estimate = {
      Billing: "hourly",
      Seconds: 9000,
      HourlyPrice: "1.98",
      EstimatedCost: "4.95",
      Explanation: "按量计费 ¥1.98/小时 × 2 小时 30 分钟，预计 ¥4.95（从现在到关机，按秒计费；不含此前已产生的费用）",
    };
    expect(preview.body).toMatchObject({
      status: 0,
      data: {
        ShutdownAt: "2026-03-01T04:30:00.000Z",
        ServerTime: "2026-03-01T02:00:00.000Z",
        Shutdown: null,
        Estimate: estimate,
      },
    });
    const set = await call("/instance/set_scheduled_shutdown", { shutdown_at: "2026-03-01T12:30" });
    expect(set.body).toMatchObject({
      status: 0,
      data: { Outcome: "set", Shutdown: { ShutdownAt: "2026-03-01T04:30:00.000Z", Estimate: estimate } },
    });
    const read = await call("/instance/get_scheduled_shutdown");
    expect(read.body.data).toMatchObject({ MaxDaysAhead: 30, Shutdown: { SetAt: "2026-03-01T02:00:00.000Z" } });
    const cancelled = await call("/instance/cancel_scheduled_shutdown");
    expect(cancelled.body).toMatchObject({ status: 0, data: { Outcome: "cancelled", Shutdown: null } });
  });
});
