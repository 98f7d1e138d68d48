import { randomInt } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { raffleDraws, rafflePrizes, type RaffleOutcome } from "../../db/raffle-schema";
import { inTransaction } from "../../db/tx";
import { fenToYuan } from "../../rules/money";
import { ODDS_SCALE, prizeFor } from "../../rules/raffle-odds";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { num, rowsOf } from "../finance/rows";
import { drawAllowance } from "./allowance";
import { deliverPrize, type PrizeToDeliver } from "./deliver";
import { raffleEventOrNotFound, requireRaffleOpen, type RaffleEvent } from "./event";

type RaffleCtx = Pick<Ctx, "db" | "now">;

export const SUB_ACCOUNT_CANNOT_DRAW = "子账号不能参与抽奖：抽奖次数按主账号的消费计算，请使用主账号登录后抽奖";

/** One row of the odds table as a draw saw it (kept with the draw for the audit). */
export interface OddsSnapshotRow {
  prizeId: number;
  name: string;
  weight: number;
  stock: number;
}

export interface DrawResult {
  id: number;
  outcome: RaffleOutcome;
  prize: { id: number; name: string; kind: PrizeToDeliver["kind"]; amount: number } | null;
  deliveredAs: string | null;
  randomValue: number;
  createdAt: Date;
  replayed: boolean;
}

/** Where draws take their random value: crypto.randomInt on the platform; tests may pass another source. */
export type RandomSource = (scale: number) => number;
export const cryptoRandom: RandomSource = (scale) => randomInt(0, scale);

/** Takes the account's entrant lock for the event (the row is made on first use). */
export async function lockEntrant(tx: Db, eventId: number, userId: number): Promise<void> {
  await tx.execute(
    sql`insert into raffle_entrants (event_id, user_id) values (${eventId}, ${userId}) on conflict do nothing`,
  );
  await tx.execute(sql`select 1 from raffle_entrants where event_id = ${eventId} and user_id = ${userId} for update`);
}

async function drawByKey(tx: Db, event: RaffleEvent, userId: number, key: string) {
  const [row] = await tx
    .select()
    .from(raffleDraws)
    .where(and(eq(raffleDraws.userId, userId), eq(raffleDraws.eventId, event.id), eq(raffleDraws.operationKey, key)));
  return row ?? null;
}

async function prizeById(tx: Db, id: number | null) {
  if (id === null) return null;
  const [row] = await tx
    .select({ id: rafflePrizes.id, name: rafflePrizes.name, kind: rafflePrizes.kind, amount: rafflePrizes.amount })
    .from(rafflePrizes)
    .where(eq(rafflePrizes.id, id));
  return row ?? null;
}

/** Takes one of the prize's stock if there is one left (a conditional update: never below zero under concurrency). */
async function takeStock(tx: Db, prizeId: number): Promise<PrizeToDeliver | null> {
  const [row] = await rowsOf<{
    id: unknown;
    name: string;
    kind: PrizeToDeliver["kind"];
    amount: unknown;
    coupon_group_id: unknown;
  }>(
    tx,
    sql`update raffle_prizes set stock = stock - 1 where id = ${prizeId} and stock > 0
        returning id, name, kind, amount, coupon_group_id`,
  );
  if (!row) return null;
  return {
    id: num(row.id),
    name: row.name,
    kind: row.kind,
    amount: num(row.amount),
    couponGroupId: row.coupon_group_id == null ? null : num(row.coupon_group_id),
  };
}

/**
 * One draw for the caller's main account (decision 119): inside the window, with a draw left, the random value from
 * the random source picks a band of the odds table; the picked prize's stock is taken by a conditional update (none
 * left: the draw is recorded as out_of_stock and gives nothing), the prize lands at once, and the draw is recorded with
 * its random value and the odds table as it was. The same operation key again answers the first draw.
 */
export async function drawOnce(
  ctx: RaffleCtx,
  caller: Caller,
  input: { operationKey: string },
  random: RandomSource = cryptoRandom,
): Promise<DrawResult> {
  if (caller.subAccountId !== null) return fail("PERMISSION_DENIED", undefined, SUB_ACCOUNT_CANNOT_DRAW);
  const userId = caller.userId;
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const event = await raffleEventOrNotFound(tx);
    await lockEntrant(tx, event.id, userId);
    const earlier = await drawByKey(tx, event, userId, input.operationKey);
    if (earlier) {
      const prize = await prizeById(tx, earlier.prizeId);
      return {
        id: earlier.id,
        outcome: earlier.outcome,
        prize,
        deliveredAs: earlier.deliveredAs,
        randomValue: earlier.randomValue,
        createdAt: earlier.createdAt,
        replayed: true,
      };
    }
    requireRaffleOpen(event, now);
    const allowance = await drawAllowance(tx, event, userId);
    if (allowance.left <= 0)
      fail(
        "RAFFLE_NO_DRAWS",
        undefined,
        `抽奖次数已用完：活动期间每消费满 ${fenToYuan(event.spendStepFen)} 元可获得 1 次抽奖机会，填写问卷可再得 1 次`,
      );
    const odds: OddsSnapshotRow[] = await tx
      .select({
        prizeId: rafflePrizes.id,
        name: rafflePrizes.name,
        weight: rafflePrizes.weight,
        stock: rafflePrizes.stock,
      })
      .from(rafflePrizes)
      .where(and(eq(rafflePrizes.eventId, event.id), eq(rafflePrizes.active, true)))
      .orderBy(asc(rafflePrizes.sortOrder), asc(rafflePrizes.id));
    const randomValue = random(ODDS_SCALE);
    const pickedPrizeId = prizeFor(odds, randomValue);
    let outcome: RaffleOutcome = "none";
    let won: PrizeToDeliver | null = null;
    if (pickedPrizeId !== null) {
      won = await takeStock(tx, pickedPrizeId);
      outcome = won ? "won" : "out_of_stock";
    }
    const [draw] = await tx
      .insert(raffleDraws)
      .values({
        eventId: event.id,
        userId,
        operationKey: input.operationKey,
        randomValue,
        odds,
        pickedPrizeId,
        prizeId: null,
        outcome: outcome === "won" ? "none" : outcome,
        createdAt: now,
      })
      .returning({ id: raffleDraws.id });
    let deliveredAs: string | null = null;
    if (won) {
      deliveredAs = await deliverPrize(tx, now, userId, draw!.id, won);
      if (deliveredAs === null) {
        // A coupon the account already holds: the stock goes back and the draw gives nothing.
        await tx.execute(sql`update raffle_prizes set stock = stock + 1 where id = ${won.id}`);
        outcome = "already_held";
        won = null;
      }
      await tx
        .update(raffleDraws)
        .set({ outcome, prizeId: won?.id ?? null, deliveredAs })
        .where(eq(raffleDraws.id, draw!.id));
    }
    return {
      id: draw!.id,
      outcome,
      prize: won && { id: won.id, name: won.name, kind: won.kind, amount: won.amount },
      deliveredAs,
      randomValue,
      createdAt: now,
      replayed: false,
    };
  });
}
