/**
 * Stop with refund over HTTP (issue 36 §1): the preview's figures on the wire
 * are what the stop pays back; a bad field is answered beside it; the stop
 * answers the first refund when asked again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daily, mainAccount, opKey, rentalFields, testOffer } from "../../tests/support/instances";
import { DAY, HOUR, startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { advanceTransitions } from "../modules/instances/transitions";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-06-01T00:00:00Z") });
});
afterAll(() => t.close());

describe("/instance/get_stop_refund_preview and /instance/stop_instance_with_refund", () => {
  it("show the refund, then pay exactly that back and release the instance", async () => {
    const renter = await mainAccount(t, { cashFen: 300_00 });
    const offer = await testOffer(t, { hosts: [8] });
    const rented = await t.post("/instance/create_instance", {
      session: renter.token,
      ...rentalFields(daily(offer, 3, { couponId: 0 })),
      operation_key: opKey(),
    } as never);
    const uuid = rented.body.data.Instance.InstanceUuid as string;
    const name = rented.body.data.Instance.Name as string;
    t.clock.advance(5_000);
    await advanceTransitions(t.ctx);
    t.clock.advance(DAY + HOUR);

    const preview = await t.post("/instance/get_stop_refund_preview", { session: renter.token, instance_uuid: uuid });
    expect(preview.body).toMatchObject({ status: 0, data: { UnusedDays: 1, RefundVoucher: "0.00" } });
    const data = preview.body.data;
    expect(data.Lines).toHaveLength(1);
    expect(data.Refund).toBe(data.RefundCash);
    expect(data.Rule).toContain("不足一天的部分不退");
    expect(data.Explanation).toContain(`合计退 ¥${data.Refund}`);

    const bad = await t.post("/instance/stop_instance_with_refund", {
      session: renter.token,
      instance_uuid: uuid,
      confirm_name: name,
      expected_refund_fen: "abc",
    });
    expect(bad.body).toMatchObject({ status: 1, data: { field: "expected_refund_fen" } });

    const stop = () =>
      t.post("/instance/stop_instance_with_refund", {
        session: renter.token,
        instance_uuid: uuid,
        confirm_name: name,
        expected_refund_fen: data.RefundFen,
      });
    const done = await stop();
    expect(done.body).toMatchObject({
      status: 0,
      data: { Refund: data.Refund, RefundCash: data.Refund, Replayed: false, Instance: { State: "releasing" } },
    });
    expect((await stop()).body).toMatchObject({ status: 0, data: { Refund: data.Refund, Replayed: true } });
    const info = await t.post("/get_user_info", { session: renter.token });
    const paid = Number(rented.body.data.Price.Amount);
    expect(Number(info.body.data.Money)).toBeCloseTo(300 - paid + Number(data.Refund), 2);
  });
});
