import { z } from "zod";
import { rejectTransfer } from "../../modules/payments/transfers";
import { opsCommand } from "../command";

/** `transfer reject --out-trade-no … --reason "…"`: no such transfer arrived; the customer is told why. */
export const transferReject = opsCommand({
  name: "transfer reject",
  summary: "refuse a corporate transfer order; the reason goes to the customer",
  args: z.object({ "out-trade-no": z.string().min(1).max(64), reason: z.string().trim().min(2).max(200) }),
  async run(ctx, _actor, args) {
    const { before, after } = await rejectTransfer(ctx, { outTradeNo: args["out-trade-no"], reason: args.reason });
    return { target: `recharge:${before.outTradeNo}`, before, after, message: `rejected: ${args.reason}` };
  },
});
