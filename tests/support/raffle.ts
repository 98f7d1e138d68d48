/** Raffle test helpers: the event's window and prizes as a test wants them, and cash spending through the ledger. */
import { eq } from "drizzle-orm";
import { raffleEvents, rafflePrizes } from "../../platform/db/raffle-schema";
import { findRaffleEvent } from "../../platform/modules/raffle/event";
import { postToLedger } from "../../platform/modules/wallet/ledger";
import type { TestPlatform } from "./platform";

let spends = 0;

/** Opens the anniversary event around the test clock (from an hour ago to `days` ahead), its step in fen. */
export async function openRaffle(t: TestPlatform, options: { stepFen?: number; days?: number } = {}) {
  const now = t.clock.now().getTime();
  await t.db
    .update(raffleEvents)
    .set({
      startsAt: new Date(now - 3_600_000),
      endsAt: new Date(now + (options.days ?? 30) * 86_400_000),
      spendStepFen: options.stepFen ?? 100_00,
    })
    .where(eq(raffleEvents.code, "202510"));
  return (await findRaffleEvent(t.db))!;
}

/** Moves the event's window: "before" starts tomorrow, "after" ended yesterday. */
export async function moveRaffle(t: TestPlatform, to: "before" | "after") {
  const now = t.clock.now().getTime();
  const [startsAt, endsAt] =
    to === "before" ? [now + 86_400_000, now + 30 * 86_400_000] : [now - 30 * 86_400_000, now - 86_400_000];
  await t.db
    .update(raffleEvents)
    .set({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) })
    .where(eq(raffleEvents.code, "202510"));
}

export interface TestPrize {
  name: string;
  kind: "voucher" | "points" | "coupon";
  amount: number;
  stock: number;
  weight: number;
  couponGroupId?: number;
}

/** Takes the event's prizes off and puts these on, in this order; their ids. */
export async function setPrizes(t: TestPlatform, prizes: TestPrize[]): Promise<number[]> {
  const event = (await findRaffleEvent(t.db))!;
  await t.db.update(rafflePrizes).set({ active: false }).where(eq(rafflePrizes.eventId, event.id));
  const rows = await t.db
    .insert(rafflePrizes)
    .values(prizes.map((p, i) => ({ ...p, couponGroupId: p.couponGroupId ?? null, eventId: event.id, sortOrder: i })))
    .returning({ id: rafflePrizes.id });
  return rows.map((r) => r.id);
}

/** Cash spending (a cash purchase entry) of `fen`, and optionally a cash refund of `refundFen`, now. */
export async function spendCash(t: TestPlatform, userId: number, fen: number, refundFen = 0) {
  await postToLedger(t.ctx, {
    userId,
    operationKey: `test:spend:${++spends}`,
    refersTo: "test:spend",
    movements: [{ wallet: "cash", kind: "purchase", amountFen: -fen }],
  });
  if (refundFen > 0)
    await postToLedger(t.ctx, {
      userId,
      operationKey: `test:refund:${++spends}`,
      refersTo: "test:refund",
      movements: [{ wallet: "cash", kind: "refund", amountFen: refundFen }],
    });
}

/** Answers a valid questionnaire's fields. */
export const GOOD_ANSWERS = {
  purpose: "training",
  gpu: "rtx4090",
  hours: "50to200",
  satisfaction: "4",
  suggestion: "希望多一些 H100",
};

export async function prizeStock(t: TestPlatform, id: number): Promise<number> {
  const [row] = await t.db.select({ stock: rafflePrizes.stock }).from(rafflePrizes).where(eq(rafflePrizes.id, id));
  return row!.stock;
}
