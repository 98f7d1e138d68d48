import { NEXT_LEVEL_THRESHOLDS_YUAN, VIP_TIERS, type VipLevel } from "../../rules/vip";
import type { Caller, Ctx } from "../context";

/** One membership tier with the cumulative top-up that reaches it and the one that ends it. */
export interface VipTierInfo {
  level: VipLevel;
  name: string;
  /** Price multiplier, e.g. 0.98. */
  discount: number;
  thresholdFen: number;
  /** The next tier's threshold (spec §9's list; the top tier repeats its own). */
  nextThresholdFen: number;
}

/**
 * The membership table of spec §2 and §9, for signed-in callers; it is the same
 * for every caller and reads nothing.
 */
export function listVipTiers(_ctx: Ctx, _caller: Caller): VipTierInfo[] {
  return VIP_TIERS.map((t) => ({
    level: t.level,
    name: t.name,
    discount: t.discount,
    thresholdFen: t.thresholdFen,
    nextThresholdFen: NEXT_LEVEL_THRESHOLDS_YUAN[t.level] * 100,
  }));
}
