import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CouponGroupWire } from "~/upstream/coupons.server";
import { couponApplies, type CouponOrder, type HeldCoupon, type VerifiedAs } from "../../../platform/rules/coupons";
import { fenToYuan, yuanToFen } from "../../../platform/rules/money";
import { targetTexts, thresholdText } from "./coupon-text";

/**
 * Issue 33 §3: a coupon card said 按量与套餐均可用 while the rental refused the
 * coupon for pay-as-you-go. Here every coupon shape's card text is read back
 * and compared with what the checkout's check (couponApplies) admits.
 */
const NOW = Date.UTC(2026, 10, 28, 12);
const GOODS = ["rtx4090", "a100", "h100"] as const;
const IMAGES = ["pytorch", "tensorflow"] as const;
const VERIFIED: VerifiedAs[] = [null, "personal", "student", "enterprise"];

const group: fc.Arbitrary<CouponGroupWire> = fc.record({
  GroupId: fc.constant(1),
  Name: fc.constant("券"),
  Type: fc.constantFrom(0 as const, 1 as const, 2 as const),
  Amount: fc.integer({ min: 1, max: 500_00 }).map(fenToYuan),
  Discount: fc.integer({ min: 50, max: 99 }).map((d) => d / 100),
  MoneyLimit: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000_00 })).map(fenToYuan),
  UseTimeLimit: fc.constant(0),
  TargetGoods: fc.subarray([...GOODS]),
  TargetImage: fc.subarray([...IMAGES]),
  TargetUseMode: fc.constantFrom(0 as const, 1 as const),
  TargetUserVerifyType: fc.constantFrom(0 as const, 1 as const, 2 as const),
  BeginTime: fc.constant(0),
  EndTime: fc.constant(NOW / 1000 + 86_400),
  RemainNum: fc.constant(1),
  IsAssigned: fc.constant(true),
});

const held = (g: CouponGroupWire): HeldCoupon => ({
  id: 1,
  type: g.Type,
  amountFen: yuanToFen(g.Amount),
  discountBp: Math.round(g.Discount * 10_000),
  moneyLimitFen: yuanToFen(g.MoneyLimit),
  targetGoods: g.TargetGoods,
  targetImage: g.TargetImage,
  targetUseMode: g.TargetUseMode,
  targetUserVerifyType: g.TargetUserVerifyType,
  expiresAtMs: NOW + 86_400_000,
  used: false,
});

/** An order of `fen` after discounts (unit price × quantity, no discount). */
const order = (o: Partial<CouponOrder> & { fen?: number }): CouponOrder => ({
  goods: o.goods ?? "rtx4090",
  image: o.image === undefined ? "pytorch" : o.image,
  isPackage: o.isPackage ?? true,
  verifiedAs: o.verifiedAs ?? null,
  atMs: NOW,
  price: { unitPriceFen: o.fen ?? 1_000_000_00, quantity: 1, durationDiscountBp: 10_000, vipDiscountBp: 10_000 },
});

/** An order every condition of `g` admits but the one varied. */
const fitting = (g: CouponGroupWire): Partial<CouponOrder> => ({
  goods: g.TargetGoods[0] ?? "rtx4090",
  image: g.TargetImage[0] ?? "pytorch",
  verifiedAs: g.TargetUserVerifyType === 1 ? "student" : g.TargetUserVerifyType === 2 ? "enterprise" : null,
});

const admits = (g: CouponGroupWire, o: Partial<CouponOrder> & { fen?: number }) =>
  couponApplies(held(g), order({ ...fitting(g), ...o })).ok;

describe("a coupon card says what the checkout checks", () => {
  it("never promises pay-as-you-go: no coupon pays an hourly rental, and every card says so", () => {
    fc.assert(
      fc.property(group, (g) => {
        const texts = targetTexts(g).join("；");
        expect(texts).not.toContain("按量与");
        expect(admits(g, { isPackage: false })).toBe(false);
        if (g.Type !== 0) {
          expect(texts).toContain("仅限包时、包天、包月套餐，按量计费不可用");
          expect(admits(g, { isPackage: true })).toBe(true);
        } else expect(admits(g, { isPackage: true })).toBe(false); // a recharge voucher pays no order
      }),
      { numRuns: 500 },
    );
  });

  it("lists exactly the goods, images and users the check admits", () => {
    fc.assert(
      fc.property(
        group.filter((g) => g.Type !== 0),
        (g) => {
          const texts = targetTexts(g);
          const goods = GOODS.filter((goods) => admits(g, { goods }));
          // 全部 only when no goods are named (then every goods is admitted); else the named ones, exactly.
          if (g.TargetGoods.length === 0) expect(goods).toEqual([...GOODS]);
          expect(texts).toContain(g.TargetGoods.length === 0 ? "适用机型：全部" : `适用机型：${goods.join("、")}`);
          const images = IMAGES.filter((image) => admits(g, { image }));
          if (g.TargetImage.length === 0) expect(images).toEqual([...IMAGES]);
          expect(texts).toContain(g.TargetImage.length === 0 ? "适用镜像：全部" : `适用镜像：${images.join("、")}`);
          const users = VERIFIED.filter((verifiedAs) => admits(g, { verifiedAs }));
          const userText = { 4: "所有用户可用", 1: users[0] === "student" ? "仅限学生认证用户" : "仅限企业认证用户" }[
            users.length
          ];
          expect(texts).toContain(userText);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("names the threshold the check applies, to the fen", () => {
    fc.assert(
      fc.property(
        group.filter((g) => g.Type !== 0),
        (g) => {
          const limit = yuanToFen(g.MoneyLimit);
          if (limit === 0) {
            expect(thresholdText(g)).toBe("无门槛");
            expect(admits(g, { fen: 1 })).toBe(true);
            return;
          }
          expect(thresholdText(g)).toBe(`订单满 ¥${fenToYuan(limit).replace(/\B(?=(\d{3})+(?!\d))/g, ",")} 可用`);
          expect(admits(g, { fen: limit })).toBe(true);
          expect(admits(g, { fen: limit - 1 })).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});
