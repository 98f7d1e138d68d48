import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../db/schema";
import { fail } from "../../modules/errors";
import { postToLedger } from "../../modules/wallet/ledger";
import { fenToYuan } from "../../rules/money";
import { findAccountByPhone } from "../accounts";
import { yuanArg } from "../args";
import { opsCommand } from "../command";

const yuan = yuanArg;

/**
 * `credit set --user 13800000000 --amount 1000`: grants or changes an account's
 * credit quota (issue 10 §3), posted to the ledger (wallet credit, kind credit).
 * Refused below the credit in use: Money may never go below −quota.
 */
export const creditSet = opsCommand({
  name: "credit set",
  summary: "grant or change an account's credit quota (yuan); never below the credit in use",
  args: z.object({ user: z.string().min(1).max(32), amount: yuan }),
  async run(ctx, actor, args) {
    const account = await findAccountByPhone(ctx, args.user);
    const [row] = await ctx.db
      .select({ quotaFen: users.creditQuotaFen, moneyFen: users.moneyFen })
      .from(users)
      .where(eq(users.id, account.id))
      .for("update");
    const before = { creditQuotaFen: row!.quotaFen, moneyFen: row!.moneyFen };
    const inUseFen = Math.max(0, -row!.moneyFen);
    if (args.amount < inUseFen)
      fail(
        "BAD_REQUEST",
        "amount",
        `授信额度不能低于已使用的 ${fenToYuan(inUseFen)} 元（账户余额 ${fenToYuan(row!.moneyFen)} 元）`,
      );
    const deltaFen = args.amount - row!.quotaFen;
    if (deltaFen !== 0) {
      await postToLedger(ctx, {
        userId: account.id,
        operationKey: `ops:credit:${randomUUID()}`,
        refersTo: `ops:credit:${actor}`.slice(0, 128),
        note: `授信额度调整为 ${fenToYuan(args.amount)} 元（${actor}）`,
        movements: [{ wallet: "credit", kind: "credit", amountFen: deltaFen }],
      });
    }
    return {
      target: `user:${account.phone}`,
      before,
      after: { creditQuotaFen: args.amount, moneyFen: row!.moneyFen },
      message:
        deltaFen === 0
          ? `credit quota of ${account.phone} unchanged at ${fenToYuan(args.amount)} yuan`
          : `credit quota of ${account.phone}: ${fenToYuan(before.creditQuotaFen)} → ${fenToYuan(args.amount)} yuan`,
    };
  },
});
