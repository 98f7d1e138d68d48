import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { raffleEvents } from "../../db/raffle-schema";
import type { Ctx } from "../context";
import { fail } from "../errors";

/** The anniversary raffle's code: its page is /activity_202510. */
export const ANNIVERSARY_RAFFLE = "202510";

export interface RaffleEvent {
  id: number;
  code: string;
  name: string;
  startsAt: Date;
  endsAt: Date;
  spendStepFen: number;
}

export type RaffleState = "upcoming" | "open" | "ended";

/** The event row is the platform's configuration of the raffle's window (decision 118). */
export async function findRaffleEvent(db: Db, code = ANNIVERSARY_RAFFLE): Promise<RaffleEvent | null> {
  const [row] = await db
    .select({
      id: raffleEvents.id,
      code: raffleEvents.code,
      name: raffleEvents.name,
      startsAt: raffleEvents.startsAt,
      endsAt: raffleEvents.endsAt,
      spendStepFen: raffleEvents.spendStepFen,
    })
    .from(raffleEvents)
    .where(eq(raffleEvents.code, code))
    .orderBy(desc(raffleEvents.id))
    .limit(1);
  return row ?? null;
}

export async function raffleEventOrNotFound(db: Db): Promise<RaffleEvent> {
  return (await findRaffleEvent(db)) ?? fail("NOT_FOUND", undefined, "活动不存在");
}

/** Open from its start (inclusive) to its end (exclusive). */
export function raffleState(event: Pick<RaffleEvent, "startsAt" | "endsAt">, now: Date): RaffleState {
  if (now.getTime() < event.startsAt.getTime()) return "upcoming";
  return now.getTime() < event.endsAt.getTime() ? "open" : "ended";
}

/** Refuses a draw or an answer outside the window. */
export function requireRaffleOpen(event: RaffleEvent, now: Date): void {
  const state = raffleState(event, now);
  if (state === "upcoming") fail("RAFFLE_NOT_STARTED");
  if (state === "ended") fail("RAFFLE_ENDED");
}

/** The window the web tier decides the tab by, read with the bar's notices (no extra call per page). */
export async function raffleWindow(ctx: Pick<Ctx, "db">): Promise<{ from: Date; until: Date } | null> {
  const event = await findRaffleEvent(ctx.db);
  return event ? { from: event.startsAt, until: event.endsAt } : null;
}
