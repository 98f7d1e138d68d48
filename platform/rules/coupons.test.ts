import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bestCoupon,
  couponApplies,
  couponExpiresAtMs,
  couponSaving,
  couponState,
  type CouponOrder,
  type HeldCoupon,
} from "./coupons";
import { quotePrice } from "./price";

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY = 86_400_000;
const GOODS = ["4090", "A100", "H100"] as const;
const IMAGES = ["pytorch", "tensorflow", "ubuntu"] as const;

const coupon: fc.Arbitrary<HeldCoupon> = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  type: fc.constantFrom(0 as const, 1 as const, 2 as const),
  amountFen: fc.integer({ min: 1, max: 500_00 }),
  discountBp: fc.integer({ min: 1, max: 9_999 }),
  moneyLimitFen: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000_00 })),
  targetGoods: fc.subarray([...GOODS]),
  targetImage: fc.subarray([...IMAGES]),
  targetUseMode: fc.constantFrom(0 as const, 1 as const),
  targetUserVerifyType: fc.constantFrom(0 as const, 1 as const, 2 as const),
  expiresAtMs: fc.integer({ min: NOW - 3 * DAY, max: NOW + 30 * DAY }),
  used: fc.boolean(),
});

const order: fc.Arbitrary<CouponOrder> = fc.record({
  goods: fc.constantFrom(...GOODS),
  image: fc.oneof(fc.constant(null), fc.constantFrom(...IMAGES)),
  isPackage: fc.boolean(),
  verifiedAs: fc.constantFrom(null, "personal" as const, "student" as const, "enterprise" as const),
  atMs: fc.integer({ min: NOW - DAY, max: NOW + DAY }),
  price: fc.record({
    unitPriceFen: fc.integer({ min: 0, max: 50_00 }),
    quantity: fc.integer({ min: 1, max: 720 }),
    durationDiscountBp: fc.constantFrom(10_000, 9_800, 9_500),
    vipDiscountBp: fc.constantFrom(10_000, 9_800, 9_700, 9_500, 9_400),
  }),
});

const base: HeldCoupon = {
  id: 1,
  type: 2,
  amountFen: 10_00,
  discountBp: 10_000,
  moneyLimitFen: 100_00,
  targetGoods: [],
  targetImage: [],
  targetUseMode: 0,
  targetUserVerifyType: 0,
  expiresAtMs: NOW + DAY,
  used: false,
};
const anOrder: CouponOrder = {
  goods: "4090",
  image: "pytorch",
  isPackage: true,
  verifiedAs: null,
  atMs: NOW,
  price: { unitPriceFen: 2_00, quantity: 100, durationDiscountBp: 10_000, vipDiscountBp: 10_000 },
};

/** Each rule of issue 10 §4, written out on its own, to check couponApplies against. */
function reasonsAgainst(c: HeldCoupon, o: CouponOrder): string[] {
  const reasons: string[] = [];
  if (c.used) reasons.push("used");
  if (!(o.atMs < c.expiresAtMs)) reasons.push("expired");
  if (c.type === 0) reasons.push("not_for_orders");
  // Decision 062: pay-as-you-go takes no coupon, whatever its use mode.
  if (!o.isPackage) reasons.push("billing_mode");
  if (c.targetUserVerifyType === 1 && o.verifiedAs !== "student") reasons.push("verify_type");
  if (c.targetUserVerifyType === 2 && o.verifiedAs !== "enterprise") reasons.push("verify_type");
  if (c.targetGoods.length && !c.targetGoods.includes(o.goods)) reasons.push("goods");
  if (c.targetImage.length && !(o.image && c.targetImage.includes(o.image))) reasons.push("image");
  const amount = quotePrice(o.price).afterDiscountsFen;
  if (c.moneyLimitFen > 0 && amount < c.moneyLimitFen) reasons.push("threshold");
  return reasons;
}

describe("couponApplies", () => {
  it("says why a coupon does not apply", () => {
    expect(couponApplies(base, anOrder)).toEqual({ ok: true });
    expect(couponApplies({ ...base, used: true }, anOrder)).toMatchObject({ ok: false, message: "优惠券已使用" });
    expect(couponApplies({ ...base, expiresAtMs: NOW }, anOrder)).toMatchObject({ ok: false, reason: "expired" });
    expect(couponApplies({ ...base, type: 0 }, anOrder)).toMatchObject({ reason: "not_for_orders" });
    expect(couponApplies({ ...base, moneyLimitFen: 300_00 }, anOrder)).toMatchObject({
      reason: "threshold",
      message: "订单满 ¥300.00 可用",
    });
    expect(couponApplies({ ...base, targetGoods: ["A100"] }, anOrder)).toMatchObject({ reason: "goods" });
    expect(couponApplies({ ...base, targetImage: ["ubuntu"] }, anOrder)).toMatchObject({ reason: "image" });
    for (const targetUseMode of [0, 1] as const)
      expect(couponApplies({ ...base, targetUseMode }, { ...anOrder, isPackage: false })).toMatchObject({
        reason: "billing_mode",
        message: "按量计费不可使用优惠券",
      });
    expect(couponApplies({ ...base, targetUserVerifyType: 1 }, anOrder)).toMatchObject({
      message: "该优惠券仅限学生认证用户使用",
    });
    expect(couponApplies({ ...base, targetUserVerifyType: 2 }, { ...anOrder, verifiedAs: "enterprise" })).toEqual({
      ok: true,
    });
  });

  it("property: agrees with each rule for any coupon and order", () => {
    fc.assert(
      fc.property(coupon, order, (c, o) => {
        const verdict = couponApplies(c, o);
        const reasons = reasonsAgainst(c, o);
        expect(verdict.ok).toBe(reasons.length === 0);
        if (!verdict.ok) expect(reasons[0]).toBe(verdict.reason);
      }),
      { numRuns: 3_000 },
    );
  });
});

describe("bestCoupon", () => {
  it("takes the largest saving, and on a tie the one that expires first", () => {
    const tenOff = { ...base, id: 1, moneyLimitFen: 0 };
    const tenOffSooner = { ...tenOff, id: 2, expiresAtMs: NOW + 3_600_000 };
    const fifteenPercent = { ...base, id: 3, type: 1 as const, discountBp: 8_500, moneyLimitFen: 0 };
    expect(bestCoupon([tenOff, tenOffSooner], anOrder)?.coupon.id).toBe(2);
    // 15% of 200.00 is 30.00, more than 10.00 off.
    expect(bestCoupon([tenOff, fifteenPercent, tenOffSooner], anOrder)).toEqual({
      coupon: fifteenPercent,
      savingFen: 30_00,
    });
    expect(bestCoupon([{ ...tenOff, used: true }], anOrder)).toBeNull();
  });

  it("property: never worse than any applicable coupon, and only ever an applicable one", () => {
    fc.assert(
      fc.property(fc.array(coupon, { maxLength: 8 }), order, (coupons, o) => {
        const best = bestCoupon(coupons, o);
        const applicable = coupons.filter((c) => couponApplies(c, o).ok);
        if (applicable.length === 0) {
          expect(best).toBeNull();
          return;
        }
        expect(best).not.toBeNull();
        expect(couponApplies(best!.coupon, o).ok).toBe(true);
        expect(best!.savingFen).toBe(couponSaving(best!.coupon, o));
        for (const c of applicable) {
          const saving = couponSaving(c, o);
          expect(best!.savingFen).toBeGreaterThanOrEqual(saving);
          if (saving === best!.savingFen) expect(best!.coupon.expiresAtMs).toBeLessThanOrEqual(c.expiresAtMs);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("expiry and state", () => {
  it("UseTimeLimit days from the claim, 0 meaning the group's end, never after the group's end", () => {
    const end = NOW + 10 * DAY;
    expect(couponExpiresAtMs(NOW, 3, end)).toBe(NOW + 3 * DAY);
    expect(couponExpiresAtMs(NOW, 0, end)).toBe(end);
    expect(couponExpiresAtMs(NOW, 30, end)).toBe(end);
  });

  it("a card is used, expired or usable", () => {
    expect(couponState({ used: true, expiresAtMs: NOW - 1 }, NOW)).toBe("used");
    expect(couponState({ used: false, expiresAtMs: NOW }, NOW)).toBe("expired");
    expect(couponState({ used: false, expiresAtMs: NOW + 1 }, NOW)).toBe("usable");
  });
});
