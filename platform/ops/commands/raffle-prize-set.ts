import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { rafflePrizes } from "../../db/raffle-schema";
import { fail } from "../../modules/errors";
import { ODDS_SCALE } from "../../rules/raffle-odds";
import { rowIdArg } from "../args";
import { opsCommand } from "../command";

type Prize = typeof rafflePrizes.$inferSelect;
const view = (p: Prize) => ({ id: p.id, name: p.name, stock: p.stock, weight: p.weight, active: p.active });

/**
 * `raffle prize set --id N [--stock N] [--weight N] [--active 0|1]`: changes a raffle prize's stock, its chance out
 * of 10,000 or whether it is drawn (issue 39 §4). The active prizes' weights may not add up to more than 10,000
 * (checked under a lock on the event's prizes); draws already made keep the odds they were drawn with.
 */
export const rafflePrizeSet = opsCommand({
  name: "raffle prize set",
  summary: "change a raffle prize's stock, weight (out of 10000) or active flag",
  args: z.object({
    id: rowIdArg("a prize"),
    stock: z.coerce.number().int().min(0).max(10_000_000).optional(),
    weight: z.coerce.number().int().min(0).max(ODDS_SCALE).optional(),
    active: z.enum(["0", "1"]).optional(),
  }),
  async run(ctx, _actor, args) {
    const [before] = await ctx.db.select().from(rafflePrizes).where(eq(rafflePrizes.id, args.id)).for("update");
    if (!before) return fail("NOT_FOUND", "id");
    await ctx.db.execute(sql`select id from raffle_prizes where event_id = ${before.eventId} order by id for update`);
    const [after] = await ctx.db
      .update(rafflePrizes)
      .set({
        stock: args.stock ?? before.stock,
        weight: args.weight ?? before.weight,
        active: args.active === undefined ? before.active : args.active === "1",
      })
      .where(eq(rafflePrizes.id, args.id))
      .returning();
    const [sum] = await ctx.db
      .select({ total: sql<string>`coalesce(sum(${rafflePrizes.weight}), 0)` })
      .from(rafflePrizes)
      .where(and(eq(rafflePrizes.eventId, before.eventId), eq(rafflePrizes.active, true)));
    if (Number(sum!.total) > ODDS_SCALE) fail("BAD_REQUEST", "weight", "奖品中奖权重合计不能超过 10000");
    return {
      target: `raffle_prize:${args.id}`,
      before: view(before),
      after: view(after!),
      message: `prize ${args.id} (${after!.name}): stock ${after!.stock}, weight ${after!.weight}/10000${after!.active ? "" : " (inactive)"}`,
    };
  },
});
