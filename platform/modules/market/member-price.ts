import { asc, eq } from "drizzle-orm";
import { gpuModels, gpuPrices, type MachineType } from "../../db/market-schema";
import { users } from "../../db/schema";
import { BP, DURATION_DISCOUNT_BP, quotePrice } from "../../rules/price";
import { vipLevelFor, vipTier, type VipLevel } from "../../rules/vip";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";

/** The membership discount a caller rents at. */
export interface MemberDiscount {
  level: VipLevel;
  /** The tier's name (铜牌会员, …); "" for a sub-account, which sees no membership (decision 028). */
  name: string;
  /** 9400–10000. */
  discountBp: number;
}

export const NO_DISCOUNT: MemberDiscount = { level: 0, name: "", discountBp: BP };

/**
 * The discount of the caller's account: the tier of the main account's
 * cumulative top-up (rules/vip.ts). A sub-account spends its main account's
 * money and rents at the same discount, without the tier's name (decision 044).
 * The rental charges with this, so the store's membership price is what is paid.
 */
export async function callerMemberDiscount(ctx: Ctx, caller: Caller): Promise<MemberDiscount & { phone: string }> {
  const [account] = await ctx.db
    .select({ phone: users.phone, accumulatedTopUpFen: users.accumulatedTopUpFen })
    .from(users)
    .where(eq(users.id, caller.userId));
  if (!account) return fail("NOT_FOUND");
  const tier = vipTier(vipLevelFor(account.accumulatedTopUpFen));
  return {
    level: tier.level,
    name: caller.subAccountId === null ? tier.name : "",
    discountBp: Math.round(tier.discount * BP),
    phone: account.phone,
  };
}

/** One GPU-hour at a membership discount: the rental's price function, quantity 1, hourly (no duration discount). */
export function memberUnitPriceFen(unitPriceFen: number, discountBp: number): number {
  return quotePrice({
    unitPriceFen,
    quantity: 1,
    durationDiscountBp: DURATION_DISCOUNT_BP.hour,
    vipDiscountBp: discountBp,
  }).payFen;
}

export interface MemberPrice {
  machineType: MachineType;
  gpuCode: string;
  gpuName: string;
  unitPriceFen: number;
  memberPriceFen: number;
}

export interface PriceInfo {
  discount: MemberDiscount;
  /** Per machine type and GPU model (a price does not depend on the region). */
  prices: MemberPrice[];
}

/**
 * List and membership prices per GPU-hour of every priced model and machine
 * type (`/gpu_priceinfo {phone}`). A visitor without a session gets list prices;
 * a signed-in caller may name only its own phone (a sub-account none): asking
 * for another phone's prices is refused, so no one learns another user's tier.
 */
export async function getPriceInfo(ctx: Ctx, caller: Caller | null, input: { phone?: string }): Promise<PriceInfo> {
  const discountPromise = caller ? callerMemberDiscount(ctx, caller) : Promise.resolve(null);
  const [own, rows] = await Promise.all([
    discountPromise,
    ctx.db
      .select({
        machineType: gpuPrices.machineType,
        gpuCode: gpuModels.code,
        gpuName: gpuModels.name,
        unitPriceFen: gpuPrices.unitPriceFen,
      })
      .from(gpuPrices)
      .innerJoin(gpuModels, eq(gpuModels.id, gpuPrices.gpuModelId))
      .orderBy(asc(gpuModels.sortOrder), asc(gpuPrices.machineType)),
  ]);
  if (own && input.phone && (caller?.subAccountId !== null || input.phone !== own.phone))
    fail("PERMISSION_DENIED", "phone", "只能查询本人账号的会员价格");
  const discount = own ? { level: own.level, name: own.name, discountBp: own.discountBp } : NO_DISCOUNT;
  return {
    discount,
    prices: rows.map((row) => ({ ...row, memberPriceFen: memberUnitPriceFen(row.unitPriceFen, discount.discountBp) })),
  };
}
