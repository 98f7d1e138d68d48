import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import { raffleDraws, rafflePrizes, type RaffleOutcome, type RafflePrizeKind } from "../../db/raffle-schema";
import { users } from "../../db/schema";
import { maskPhone, noPrizeWeight } from "../../rules/raffle-odds";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { drawAllowance, type DrawAllowance } from "./allowance";
import type { OddsSnapshotRow } from "./draw";
import { raffleEventOrNotFound, raffleState, type RaffleEvent, type RaffleState } from "./event";
import { hasAnswered } from "./questionnaire";

type RaffleCtx = Pick<Ctx, "db" | "now">;

export interface RafflePrize {
  id: number;
  name: string;
  kind: RafflePrizeKind;
  amount: number;
  stock: number;
  weight: number;
}

export interface MyDraw {
  id: number;
  outcome: RaffleOutcome;
  prizeName: string | null;
  prizeKind: RafflePrizeKind | null;
  createdAt: Date;
}

export interface RaffleWinner {
  maskedPhone: string;
  prizeName: string;
  createdAt: Date;
}

export interface RaffleOverview {
  event: RaffleEvent;
  state: RaffleState;
  prizes: RafflePrize[];
  noPrizeWeight: number;
  /** The caller's part; null for a visitor. */
  me: { subAccount: true } | { subAccount: false; allowance: DrawAllowance; answered: boolean; draws: MyDraw[] } | null;
  winners: RaffleWinner[];
}

const WINNERS_SHOWN = 30;
const MY_DRAWS_SHOWN = 50;

/** The raffle page's data: the event and its state, prizes and odds, the caller's draws, the latest winners. */
export async function raffleOverview(ctx: RaffleCtx, caller: Caller | null): Promise<RaffleOverview> {
  const event = await raffleEventOrNotFound(ctx.db);
  const prizes = await ctx.db
    .select({
      id: rafflePrizes.id,
      name: rafflePrizes.name,
      kind: rafflePrizes.kind,
      amount: rafflePrizes.amount,
      stock: rafflePrizes.stock,
      weight: rafflePrizes.weight,
    })
    .from(rafflePrizes)
    .where(and(eq(rafflePrizes.eventId, event.id), eq(rafflePrizes.active, true)))
    .orderBy(asc(rafflePrizes.sortOrder), asc(rafflePrizes.id));
  const winners = await ctx.db
    .select({ phone: users.phone, prizeName: rafflePrizes.name, createdAt: raffleDraws.createdAt })
    .from(raffleDraws)
    .innerJoin(rafflePrizes, eq(rafflePrizes.id, raffleDraws.prizeId))
    .innerJoin(users, eq(users.id, raffleDraws.userId))
    .where(and(eq(raffleDraws.eventId, event.id), isNotNull(raffleDraws.prizeId)))
    .orderBy(desc(raffleDraws.id))
    .limit(WINNERS_SHOWN);
  return {
    event,
    state: raffleState(event, ctx.now()),
    prizes,
    noPrizeWeight: noPrizeWeight(prizes),
    me: caller === null ? null : await myPart(ctx, caller, event),
    winners: winners.map((w) => ({ maskedPhone: maskPhone(w.phone), prizeName: w.prizeName, createdAt: w.createdAt })),
  };
}

async function myPart(ctx: RaffleCtx, caller: Caller, event: RaffleEvent): Promise<RaffleOverview["me"]> {
  if (caller.subAccountId !== null) return { subAccount: true };
  const [allowance, answered, draws] = await Promise.all([
    drawAllowance(ctx.db, event, caller.userId),
    hasAnswered(ctx, event.id, caller.userId),
    ctx.db
      .select({
        id: raffleDraws.id,
        outcome: raffleDraws.outcome,
        prizeName: rafflePrizes.name,
        prizeKind: rafflePrizes.kind,
        createdAt: raffleDraws.createdAt,
      })
      .from(raffleDraws)
      .leftJoin(rafflePrizes, eq(rafflePrizes.id, raffleDraws.prizeId))
      .where(and(eq(raffleDraws.eventId, event.id), eq(raffleDraws.userId, caller.userId)))
      .orderBy(desc(raffleDraws.id))
      .limit(MY_DRAWS_SHOWN),
  ]);
  return { subAccount: false, allowance, answered, draws };
}

export interface DrawRecord extends MyDraw {
  randomValue: number;
  odds: OddsSnapshotRow[];
  pickedPrizeId: number | null;
  deliveredAs: string | null;
}

/** One of the caller's draws with its audit record; another account's draw (or a sub-account's ask) is not found. */
export async function drawRecord(ctx: RaffleCtx, caller: Caller, drawId: number): Promise<DrawRecord> {
  if (caller.subAccountId !== null) return fail("NOT_FOUND", "draw_id", "抽奖记录不存在");
  const [row] = await ctx.db
    .select({
      id: raffleDraws.id,
      outcome: raffleDraws.outcome,
      prizeName: rafflePrizes.name,
      prizeKind: rafflePrizes.kind,
      createdAt: raffleDraws.createdAt,
      randomValue: raffleDraws.randomValue,
      odds: raffleDraws.odds,
      pickedPrizeId: raffleDraws.pickedPrizeId,
      deliveredAs: raffleDraws.deliveredAs,
    })
    .from(raffleDraws)
    .leftJoin(rafflePrizes, eq(rafflePrizes.id, raffleDraws.prizeId))
    .where(and(eq(raffleDraws.id, drawId), eq(raffleDraws.userId, caller.userId)));
  if (!row) return fail("NOT_FOUND", "draw_id", "抽奖记录不存在");
  return { ...row, odds: row.odds as OddsSnapshotRow[] };
}
