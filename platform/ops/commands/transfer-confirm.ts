import { z } from "zod";
import { confirmTransfer } from "../../modules/payments/transfers";
import { fenToYuan } from "../../rules/money";
import { yuanArg } from "../args";
import { opsCommand } from "../command";

const yuan = yuanArg;

/** `transfer confirm --out-trade-no … --amount 100.00 --reference <bank serial>`: the transfer arrived. */
export const transferConfirm = opsCommand({
  name: "transfer confirm",
  summary: "a corporate transfer arrived: credit its order (amount must match)",
  args: z.object({
    "out-trade-no": z.string().min(1).max(64),
    amount: yuan,
    reference: z.string().min(1).max(64).default("bank"),
  }),
  async run(ctx, actor, args) {
    const { before, after } = await confirmTransfer(ctx, {
      outTradeNo: args["out-trade-no"],
      amountFen: args.amount,
      reference: `${args.reference} (${actor})`.slice(0, 64),
    });
    return {
      target: `recharge:${before.outTradeNo}`,
      before,
      after,
      message: `credited ${fenToYuan(after.amountFen)} yuan to account ${after.userId}`,
    };
  },
});
