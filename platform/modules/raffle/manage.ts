/**
 * Changing the anniversary raffle (issue 39 §4, decisions 118 and 119): its window, and a prize's stock, weight out
 * of 10,000 or whether it is drawn. The operators' `raffle window set` / `raffle prize set` and the desk's 周年抽奖
 * both call these inside their transaction (the one their audit row is written in).
 */
import { and, eq, sql } from "drizzle-orm";
import { raffleEvents, rafflePrizes } from "../../db/raffle-schema";
import { ODDS_SCALE } from "../../rules/raffle-odds";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { ANNIVERSARY_RAFFLE } from "./event";
import { stockEdit } from "../../rules/stock-edit";

type RaffleCtx = Pick<Ctx, "db">;
type Prize = typeof rafflePrizes.$inferSelect;

export interface PrizeSetting {
  id: number;
  name: string;
  stock: number;
  weight: number;
  active: boolean;
}

const view = (p: Prize): PrizeSetting => ({
  id: p.id,
  name: p.name,
  stock: p.stock,
  weight: p.weight,
  active: p.active,
});

/**
 * Sets the window. The end must be after the start. Call inside a transaction: the event row is locked.
 */
export async function setRaffleWindow(
  ctx: RaffleCtx,
  input: { startsAt: Date; endsAt: Date },
): Promise<{
  code: string;
  before: { startsAt: string; endsAt: string };
  after: { startsAt: string; endsAt: string };
}> {
  if (input.endsAt <= input.startsAt) fail("BAD_REQUEST", "until", "活动结束时间必须晚于开始时间");
  const [before] = await ctx.db
    .select()
    .from(raffleEvents)
    .where(eq(raffleEvents.code, ANNIVERSARY_RAFFLE))
    .for("update");
  if (!before) return fail("NOT_FOUND", "event", "活动不存在");
  await ctx.db
    .update(raffleEvents)
    .set({ startsAt: input.startsAt, endsAt: input.endsAt })
    .where(eq(raffleEvents.id, before.id));
  return {
    code: before.code,
    before: { startsAt: before.startsAt.toISOString(), endsAt: before.endsAt.toISOString() },
    after: { startsAt: input.startsAt.toISOString(), endsAt: input.endsAt.toISOString() },
  };
}

/**
 * Changes a prize's stock, weight or active flag. The active prizes' weights may not add up to more than 10,000
 * (checked under a lock on the event's prizes, so two changes cannot pass the check side by side); draws already
 * made keep the odds they were drawn with. Call inside a transaction: a refusal after the update rolls it back.
 */
export async function setRafflePrize(
  ctx: RaffleCtx,
  input: {
    id: number;
    stock?: number;
    weight?: number;
    active?: boolean;
    /** The stock the desk form showed (rules/stock-edit.ts); absent from operator commands. */
    stockShown?: number;
  },
): Promise<{ before: PrizeSetting; after: PrizeSetting }> {
  if (
    input.stock !== undefined &&
    !(Number.isSafeInteger(input.stock) && input.stock >= 0 && input.stock <= 10_000_000)
  )
    fail("BAD_REQUEST", "stock", "库存需为0到10000000之间的整数");
  if (
    input.weight !== undefined &&
    !(Number.isInteger(input.weight) && input.weight >= 0 && input.weight <= ODDS_SCALE)
  )
    fail("BAD_REQUEST", "weight", "中奖权重需为0到10000之间的整数");
  const [before] = await ctx.db.select().from(rafflePrizes).where(eq(rafflePrizes.id, input.id)).for("update");
  if (!before) return fail("NOT_FOUND", "id", "奖品不存在");
  await ctx.db.execute(sql`select id from raffle_prizes where event_id = ${before.eventId} order by id for update`);
  const edit = stockEdit(before.stock, input.stock, input.stockShown);
  if ("refused" in edit) return fail("BAD_REQUEST", "stock", edit.refused);
  const [after] = await ctx.db
    .update(rafflePrizes)
    .set({
      stock: edit.stock ?? before.stock,
      weight: input.weight ?? before.weight,
      active: input.active ?? before.active,
    })
    .where(eq(rafflePrizes.id, input.id))
    .returning();
  const [sum] = await ctx.db
    .select({ total: sql<string>`coalesce(sum(${rafflePrizes.weight}), 0)` })
    .from(rafflePrizes)
    .where(and(eq(rafflePrizes.eventId, before.eventId), eq(rafflePrizes.active, true)));
  if (Number(sum!.total) > ODDS_SCALE) fail("BAD_REQUEST", "weight", "奖品中奖权重合计不能超过 10000");
  return { before: view(before), after: view(after!) };
}
