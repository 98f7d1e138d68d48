import { z } from "zod";
import { rejectWithdrawal } from "../../modules/wallet/withdrawals";
import { fenToYuan } from "../../rules/money";
import { opsCommand } from "../command";
import { rowIdArg } from "../args";

/** `withdrawal reject --id N --reason "…"`: refused; the held amount goes back to the account, once. */
export const withdrawalReject = opsCommand({
  name: "withdrawal reject",
  summary: "reject a pending withdrawal with a reason the customer sees; the held amount is posted back",
  args: z.object({ id: rowIdArg("a withdrawal"), reason: z.string().trim().min(2).max(200) }),
  async run(ctx, actor, args) {
    const { before, after } = await rejectWithdrawal(ctx, { id: args.id, actor, reason: args.reason });
    return {
      target: `withdrawal:${after.id}`,
      before,
      after,
      message: `rejected: ${fenToYuan(after.amountFen)} yuan back to account ${after.userId}'s ${
        after.source === "commission" ? "available commission" : "cash"
      } (${args.reason})`,
    };
  },
});
