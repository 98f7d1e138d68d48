import type { Ctx } from "../modules/context";
import { awardVerificationEvents, countCashSpending, expirePointLots } from "../modules/points-store/earning";

/** Points for cash spending and refunds' clawback, then the verification event (decision 116). */
export async function runPointsEarning(ctx: Ctx): Promise<void> {
  await countCashSpending(ctx);
  await awardVerificationEvents(ctx);
}

/** Expired points lots written off (decision 111). */
export const runPointsExpiry = (ctx: Ctx) => expirePointLots(ctx);
