import { couponGroups } from "../../db/wallet-schema";
import { BP } from "../../rules/price";
import type { CouponType, TargetUserVerifyType } from "../../rules/coupons";
import { fail } from "../errors";
import type { CouponCtx } from "./main-account";
import { toCouponGroup, type CouponGroup } from "./groups";

/** What an operator gives to create a coupon group (spec §3). */
export interface CouponGroupInput {
  name: string;
  type: CouponType;
  /** Type 0 and 2: the amount (fen). */
  amountFen?: number;
  /** Type 1: the multiplier in basis points, 1–9999 (8500 = 0.85). */
  discountBp?: number;
  moneyLimitFen?: number;
  useTimeLimitDays?: number;
  targetGoods?: string[];
  targetImage?: string[];
  targetUseMode?: 0 | 1;
  targetUserVerifyType?: TargetUserVerifyType;
  beginAt: Date;
  endAt: Date;
  totalNum: number;
  /** Default true; false for a group whose coupons are only given (the points store, the raffle). */
  inCouponCentre?: boolean;
}

const MAX_NUM = 10_000_000;

function check(condition: boolean, field: string, detail: string): void {
  if (!condition) fail("BAD_REQUEST", field, detail);
}

/**
 * Creates a coupon group for operators (`npm run ops -- coupon-group create`,
 * the demo seed). Every group starts with RemainNum = its total. Not a user
 * call: operators are not callers.
 */
export async function createCouponGroup(ctx: CouponCtx, input: CouponGroupInput): Promise<CouponGroup> {
  const name = input.name.trim();
  check(name.length >= 1 && name.length <= 60, "name", "名称需为1-60个字");
  check([0, 1, 2].includes(input.type), "type", "类型只能是0（充值券）、1（折扣券）或2（满减券）");
  const amountFen = input.type === 1 ? 0 : (input.amountFen ?? 0);
  const discountBp = input.type === 1 ? (input.discountBp ?? 0) : BP;
  if (input.type === 1)
    check(Number.isInteger(discountBp) && discountBp > 0 && discountBp < BP, "discount", "折扣需在0到1之间（不含）");
  else check(Number.isSafeInteger(amountFen) && amountFen > 0, "amount", "金额需大于0");
  const moneyLimitFen = input.moneyLimitFen ?? 0;
  check(Number.isSafeInteger(moneyLimitFen) && moneyLimitFen >= 0, "money_limit", "使用门槛不能为负");
  const useTimeLimitDays = input.useTimeLimitDays ?? 0;
  check(
    Number.isInteger(useTimeLimitDays) && useTimeLimitDays >= 0 && useTimeLimitDays <= 3650,
    "use_time_limit",
    "有效天数需在0到3650之间",
  );
  check(
    Number.isInteger(input.totalNum) && input.totalNum >= 1 && input.totalNum <= MAX_NUM,
    "total",
    `发放数量需在1到${MAX_NUM}之间`,
  );
  check(!Number.isNaN(input.beginAt.getTime()) && !Number.isNaN(input.endAt.getTime()), "begin", "时间格式不正确");
  check(input.endAt > input.beginAt, "end", "结束时间需晚于开始时间");
  const targetUseMode = input.targetUseMode ?? 0;
  const targetUserVerifyType = input.targetUserVerifyType ?? 0;
  check([0, 1].includes(targetUseMode), "target_use_mode", "使用方式只能是0或1");
  check([0, 1, 2].includes(targetUserVerifyType), "target_user_verify_type", "用户类型只能是0、1或2");
  const list = (values: string[] | undefined) => [...new Set((values ?? []).map((v) => v.trim()).filter(Boolean))];

  const [row] = await ctx.db
    .insert(couponGroups)
    .values({
      name,
      type: input.type,
      amountFen,
      discountBp,
      moneyLimitFen,
      useTimeLimitDays,
      targetGoods: list(input.targetGoods),
      targetImage: list(input.targetImage),
      targetUseMode,
      targetUserVerifyType,
      beginAt: input.beginAt,
      endAt: input.endAt,
      totalNum: input.totalNum,
      remainNum: input.totalNum,
      inCouponCentre: input.inCouponCentre ?? true,
      createdAt: ctx.now(),
    })
    .returning();
  return toCouponGroup(row!);
}
