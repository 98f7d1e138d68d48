import { randomUUID } from "node:crypto";
import { z } from "zod";
import { postToLedger } from "../../modules/wallet/ledger";
import { fenToYuan } from "../../rules/money";
import { findAccountByPhone } from "../accounts";
import { positiveYuanArg } from "../args";
import { opsCommand } from "../command";

const positiveYuan = positiveYuanArg;

/**
 * `vouchers grant --user 13800000000 --amount 50 [--note 活动赠送]`: gives an
 * account compute vouchers (issue 10 §3), posted to the ledger (wallet voucher, kind voucher).
 */
export const vouchersGrant = opsCommand({
  name: "vouchers grant",
  summary: "grant compute vouchers (yuan) to an account",
  args: z.object({
    user: z.string().min(1).max(32),
    amount: positiveYuan,
    note: z.string().max(100).optional(),
  }),
  async run(ctx, actor, args) {
    const account = await findAccountByPhone(ctx, args.user);
    const { entries } = await postToLedger(ctx, {
      userId: account.id,
      operationKey: `ops:vouchers:${randomUUID()}`,
      refersTo: `ops:vouchers:${actor}`.slice(0, 128),
      note: args.note ?? `运营赠送算力券（${actor}）`,
      movements: [{ wallet: "voucher", kind: "voucher", amountFen: args.amount }],
    });
    const afterFen = entries[0]!.balanceAfterFen;
    return {
      target: `user:${account.phone}`,
      before: { powerMoneyFen: afterFen - args.amount },
      after: { powerMoneyFen: afterFen, grantedFen: args.amount, note: args.note ?? null },
      message: `granted ${fenToYuan(args.amount)} yuan of vouchers to ${account.phone} (now ${fenToYuan(afterFen)})`,
    };
  },
});
