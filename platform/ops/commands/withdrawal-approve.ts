import { z } from "zod";
import { approveWithdrawal } from "../../modules/wallet/withdrawals";
import { fenToYuan } from "../../rules/money";
import { rowIdArg } from "../args";
import { opsCommand } from "../command";

const withdrawalId = rowIdArg("a withdrawal");

/** `withdrawal approve --id N`: the money was paid out; the held amount stays out of the account. */
export const withdrawalApprove = opsCommand({
  name: "withdrawal approve",
  summary: "approve a pending withdrawal (its amount, held since the request, stays out)",
  args: z.object({ id: withdrawalId }),
  async run(ctx, actor, args) {
    const { before, after } = await approveWithdrawal(ctx, { id: args.id, actor });
    return {
      target: `withdrawal:${after.id}`,
      before,
      after,
      message: `approved: ${fenToYuan(after.amountFen)} yuan of ${after.source} to "${after.destination}" for account ${after.userId}`,
    };
  },
});

export { withdrawalId };
