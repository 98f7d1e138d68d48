/**
 * 运营's side of the anniversary raffle in /desk (issue 39 §4, docs/decisions/125): the window, every prize with its
 * stock and weight (and the 谢谢参与 remainder of the 10,000), and the recent draws as recorded (who, masked; when;
 * the random value; the odds it was drawn against; what it gave). Changes go through manage.ts, in one transaction
 * with the staff audit row. Roles marketing and admin only.
 */
import { asc, count, desc, eq } from "drizzle-orm";
import { raffleDraws, rafflePrizes, type RaffleOutcome, type RafflePrizeKind } from "../../db/raffle-schema";
import { users } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { maskPhone, noPrizeWeight } from "../../rules/raffle-odds";
import type { Ctx } from "../context";
import { fail } from "../errors";
import type { Page, PageRequest } from "../page";
import { requireMarketing } from "../points-store/desk";
import { recordStaffAudit } from "../staff/audit";
import type { StaffCaller } from "../staff/caller";
import type { OddsSnapshotRow } from "./draw";
import { raffleEventOrNotFound, raffleState, type RaffleEvent, type RaffleState } from "./event";
import { setRafflePrize, setRaffleWindow } from "./manage";

export const RAFFLE_DESK_AUDIT = {
  event: "raffle_event",
  prize: "raffle_prize",
  window: "raffle.window",
  prizeSet: "raffle_prize.set",
} as const;

export interface DeskRafflePrize {
  id: number;
  name: string;
  kind: RafflePrizeKind;
  amount: number;
  stock: number;
  weight: number;
  active: boolean;
}

export interface DeskRaffle {
  event: RaffleEvent;
  state: RaffleState;
  prizes: DeskRafflePrize[];
  /** What the active prizes leave of the 10,000: the 谢谢参与 band. */
  noPrizeWeight: number;
}

export async function deskRaffle(ctx: Ctx, staff: StaffCaller): Promise<DeskRaffle> {
  requireMarketing(staff);
  const event = await raffleEventOrNotFound(ctx.db);
  const prizes = await ctx.db
    .select({
      id: rafflePrizes.id,
      name: rafflePrizes.name,
      kind: rafflePrizes.kind,
      amount: rafflePrizes.amount,
      stock: rafflePrizes.stock,
      weight: rafflePrizes.weight,
      active: rafflePrizes.active,
    })
    .from(rafflePrizes)
    .where(eq(rafflePrizes.eventId, event.id))
    .orderBy(asc(rafflePrizes.sortOrder), asc(rafflePrizes.id));
  return {
    event,
    state: raffleState(event, ctx.now()),
    prizes,
    noPrizeWeight: noPrizeWeight(prizes.filter((p) => p.active)),
  };
}

export interface DeskRaffleDraw {
  id: number;
  maskedPhone: string;
  createdAt: Date;
  outcome: RaffleOutcome;
  prizeName: string | null;
  randomValue: number;
  odds: OddsSnapshotRow[];
  pickedPrizeId: number | null;
}

/** The event's draws, newest first. */
export async function deskRaffleDraws(ctx: Ctx, staff: StaffCaller, input: PageRequest): Promise<Page<DeskRaffleDraw>> {
  requireMarketing(staff);
  const event = await raffleEventOrNotFound(ctx.db);
  const rows = await ctx.db
    .select({
      id: raffleDraws.id,
      phone: users.phone,
      createdAt: raffleDraws.createdAt,
      outcome: raffleDraws.outcome,
      prizeName: rafflePrizes.name,
      randomValue: raffleDraws.randomValue,
      odds: raffleDraws.odds,
      pickedPrizeId: raffleDraws.pickedPrizeId,
    })
    .from(raffleDraws)
    .innerJoin(users, eq(users.id, raffleDraws.userId))
    .leftJoin(rafflePrizes, eq(rafflePrizes.id, raffleDraws.prizeId))
    .where(eq(raffleDraws.eventId, event.id))
    .orderBy(desc(raffleDraws.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(raffleDraws).where(eq(raffleDraws.eventId, event.id));
  return {
    items: rows.map(({ phone, odds, ...row }) => ({
      ...row,
      maskedPhone: maskPhone(phone),
      odds: odds as OddsSnapshotRow[],
    })),
    total: Number(total?.n ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}

export async function setDeskRaffleWindow(
  ctx: Ctx,
  staff: StaffCaller,
  input: { startsAt: Date; endsAt: Date },
): Promise<DeskRaffle> {
  requireMarketing(staff);
  if (input.endsAt <= input.startsAt) fail("BAD_REQUEST", "ends_at", "活动结束时间必须晚于开始时间");
  await inTransaction(ctx.db, async (tx) => {
    const { code, before, after } = await setRaffleWindow({ db: tx }, input);
    await recordStaffAudit(tx, staff, ctx.now(), {
      action: RAFFLE_DESK_AUDIT.window,
      targetType: RAFFLE_DESK_AUDIT.event,
      targetId: code,
      before,
      after,
    });
  });
  return deskRaffle(ctx, staff);
}

export async function setDeskRafflePrize(
  ctx: Ctx,
  staff: StaffCaller,
  input: Parameters<typeof setRafflePrize>[1],
): Promise<DeskRaffle> {
  requireMarketing(staff);
  await inTransaction(ctx.db, async (tx) => {
    const { before, after } = await setRafflePrize({ db: tx }, input);
    await recordStaffAudit(tx, staff, ctx.now(), {
      action: RAFFLE_DESK_AUDIT.prizeSet,
      targetType: RAFFLE_DESK_AUDIT.prize,
      targetId: input.id,
      before,
      after,
    });
  });
  return deskRaffle(ctx, staff);
}
