/**
 * The rental form's price for a visitor (issue 33 §4: /createInstance is
 * public): the list price by the function that charges, without a session,
 * and without anything a session would add (membership, coupons, wallet).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCouponGroup } from "../../tests/support/coupon-fixtures";
import { daily, hourly, rentalFields, testOffer, type TestOffer } from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
let offer: TestOffer;
beforeAll(async () => {
  t = await startTestPlatform();
  offer = await testOffer(t, { hosts: [8, 5] });
});
afterAll(() => t.close());

describe("/instance/preview_list_price", () => {
  it("prices a package at the list price without a session: duration discount only, no coupon", async () => {
    await openCouponGroup(t, { type: 1, discountBp: 9_000, targetGoods: ["rtx4090"] });
    const reply = await t.post("/instance/preview_list_price", rentalFields(daily(offer, 3, { gpuCount: 2 })));
    expect(reply.body.status).toBe(0);
    // 1.98 × 2 × 72 = 285.12; × 0.98 (daily) = 279.42; no membership discount, no coupon
    expect(reply.body.data).toEqual({
      Price: {
        BillingMode: "day",
        UnitPrice: "1.98",
        GpuCount: 2,
        Hours: 72,
        Duration: 3,
        ListAmount: "285.12",
        DurationDiscount: "0.98",
        VipDiscount: "1",
        AfterDiscounts: "279.42",
        CouponId: null,
        CouponSaving: "0.00",
        Amount: "279.42",
      },
      FreeGpus: 8,
    });
  });

  it("refuses what the signed-in preview refuses, beside its field", async () => {
    const reply = await t.post("/instance/preview_list_price", rentalFields(hourly(offer, { gpuCount: 9 })));
    expect(reply.body).toMatchObject({ status: 1, data: { field: "gpu_count" } });
  });
});
