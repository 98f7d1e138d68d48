/**
 * Hour packages on the wire (decision 085): billing_mode "hour_package" with
 * duration 1–23 on the rental form's calls, unit "hour_package" on the renew
 * calls; "hour" is still pay-as-you-go. Bad hours come back in Chinese next to
 * the field and change nothing; ending one early refunds nothing and says so.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instances } from "../db/market-schema";
import { openCouponGroup } from "../../tests/support/coupon-fixtures";
import {
  hourly,
  mainAccount,
  opKey,
  rentalFields,
  testOffer,
  type TestAccount,
  type TestOffer,
} from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { claimCoupon } from "../modules/coupons/claim";
import { advanceTransitions } from "../modules/instances/transitions";

let t: TestPlatform;
let offer: TestOffer;
let renter: TestAccount;
beforeAll(async () => {
  t = await startTestPlatform();
  offer = await testOffer(t, { hosts: [8] });
  renter = await mainAccount(t, { cashFen: 100_00, accumulatedFen: 100_00 });
});
afterAll(() => t.close());

const hoursChoice = (n: number | string) => ({
  ...rentalFields(hourly(offer, { gpuCount: 2 })),
  billing_mode: "hour_package",
  duration: n,
});
const instancesOf = async () => t.db.select().from(instances).where(eq(instances.userId, renter.userId));

describe("the rental form's calls with an hour package", () => {
  it("previews 3 hours of 2 GPUs: no duration discount, the membership discount, a package coupon", async () => {
    const group = await openCouponGroup(t, { type: 2, amountFen: 1_00, targetUseMode: 1 });
    const coupon = await claimCoupon(t.ctx, renter.caller, { groupId: group.id });
    const reply = await t.post("/instance/preview_rental", { session: renter.token, ...hoursChoice(3) });
    // 1.98 × 2 × 3 = 11.88; × 1 × 0.98 = 11.64; − 1.00 = 10.64
    expect(reply.body.data.Price).toEqual({
      BillingMode: "hour_package",
      UnitPrice: "1.98",
      GpuCount: 2,
      Hours: 3,
      Duration: 3,
      ListAmount: "11.88",
      DurationDiscount: "1",
      VipDiscount: "0.98",
      AfterDiscounts: "11.64",
      CouponId: coupon.id,
      CouponSaving: "1.00",
      Amount: "10.64",
    });
    const pick = await t.post("/pick_valid_and_all_coupon", { session: renter.token, ...hoursChoice(3) });
    expect(pick.body.data).toMatchObject({ best_coupon_id: coupon.id });
  });

  it("refuses 0, 24 and abc hours next to the duration field, and rents nothing", async () => {
    const cases: [number | string, string][] = [
      [0, "包时时长必须在1到23小时之间"],
      [24, "包时时长必须在1到23小时之间"],
      ["abc", "时长"],
    ];
    for (const [n, message] of cases)
      for (const path of ["/instance/preview_rental", "/instance/create_instance"]) {
        const reply = await t.post(path, { session: renter.token, ...hoursChoice(n), operation_key: opKey() });
        expect(reply.body).toMatchObject({ status: 1, key: "BAD_REQUEST", data: { field: "duration" } });
        expect(reply.body.reason).toContain(message);
      }
    expect(await instancesOf()).toEqual([]);
  });

  it("rents 3 hours and renews 2 more; a renewal of 24 hours is refused next to the count", async () => {
    const created = await t.post("/instance/create_instance", {
      session: renter.token,
      ...hoursChoice(3),
      coupon_id: 0,
      operation_key: opKey(),
    });
    expect(created.body.data.Instance).toMatchObject({ BillingMode: "hour_package", GpuCount: 2 });
    expect(created.body.data.Price).toMatchObject({ Hours: 3, Amount: "11.64" });
    const uuid = created.body.data.Instance.InstanceUuid as string;
    t.clock.advance(5_000);
    await advanceTransitions(t.ctx);

    const bad = await t.post("/instance/preview_renewal", {
      session: renter.token,
      instance_uuid: uuid,
      unit: "hour_package",
      count: 24,
    });
    expect(bad.body).toMatchObject({ status: 1, key: "BAD_REQUEST", data: { field: "count" } });
    expect(bad.body.reason).toBe("续费小时数必须在1到23小时之间");

    const renewed = await t.post("/renew_kvm_v2", {
      session: renter.token,
      instance_uuid: uuid,
      unit: "hour_package",
      count: 2,
      coupon_id: 0,
      operation_key: opKey("renew"),
    });
    // 1.98 × 2 × 2 = 7.92; × 0.98 = 7.76
    expect(renewed.body.data.Price).toMatchObject({ BillingMode: "hour_package", Hours: 2, Amount: "7.76" });
    expect(new Date(renewed.body.data.PeriodEnd).getTime()).toBe(
      new Date(created.body.data.Instance.PackageExpiresAt).getTime() + 2 * 3_600_000,
    );
    expect(renewed.body.data.Instance.CostSoFar).toBe("19.40");

    // Ending it early refunds nothing (whole days only), and the preview says so in words.
    const refund = await t.post("/instance/get_stop_refund_preview", { session: renter.token, instance_uuid: uuid });
    expect(refund.body.data).toMatchObject({ UnusedDays: 0, Refund: "0.00", Lines: [] });
    expect(refund.body.data.Rule).toContain("包时套餐（1–23 小时）不足一天，提前结束不退款");
    expect(refund.body.data.Explanation).toMatch(
      /^提前结束套餐：剩余 .+，不足一天，不退款（包时套餐不足一天，提前结束不退款）$/,
    );
  });
});
