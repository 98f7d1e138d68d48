import { randomUUID } from "node:crypto";
import { z } from "zod";
import { awardPoints } from "../../modules/points/ledger";
import { findAccountByPhone } from "../accounts";
import { opsCommand } from "../command";

/**
 * `points grant --user 13800000000 --points 500 [--note 活动补发]`: gives an account points as an adjustment
 * (a lot that expires at the end of next year, decision 111), audited (decision 116).
 */
export const pointsGrant = opsCommand({
  name: "points grant",
  summary: "grant points to an account (an adjustment lot)",
  args: z.object({
    user: z.string().min(1).max(32),
    points: z
      .string()
      .regex(/^[1-9]\d{0,7}$/, "a positive whole number of points")
      .transform(Number),
    note: z.string().max(100).optional(),
  }),
  async run(ctx, actor, args) {
    const account = await findAccountByPhone(ctx, args.user);
    const { entry } = await awardPoints(ctx, {
      userId: account.id,
      kind: "adjustment",
      points: args.points,
      operationKey: `ops:points:${randomUUID()}`,
      refersTo: `ops:points:${actor}`.slice(0, 128),
      note: args.note ?? `运营补发积分（${actor}）`,
    });
    return {
      target: `user:${account.phone}`,
      before: { points: entry.balanceAfter - args.points },
      after: { points: entry.balanceAfter, granted: args.points, note: args.note ?? null },
      message: `granted ${args.points} points to ${account.phone} (now ${entry.balanceAfter})`,
    };
  },
});
