import type { Ctx } from "../modules/context";
import { settleCommissions } from "../modules/partner/settle";

/** Sales-partner commission (decision 115): accrues referred accounts' cash entries and settles due months. */
export function runPartnerCommission(ctx: Ctx): Promise<number> {
  return settleCommissions(ctx);
}
