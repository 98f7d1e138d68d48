import { batchLane, type BatchLane } from "../../db/batch-lane";
import type { Db } from "../../db/client";

/** How many rentals of one offer may be past the gate at once (per database handle, per process). */
export const RENTALS_IN_FLIGHT_PER_OFFER = 8;

/** Answered with INSTANCE_SOLD_OUT without running the rental. */
export const SOLD_OUT = Symbol("sold out");

/**
 * Whether each rental is sold out now, in one statement for all of them: true when its key was never used,
 * and no host of the offer has its GPUs free (the same rule for one rental or a queue of them).
 */
export type SoldOutCheck<Q> = (rentals: Q[]) => Promise<boolean[]>;

interface Waiter<Q> {
  rental: Q;
  /** true: admitted (a finishing rental handed its place over); false: answered sold out while waiting. */
  resolve: (admitted: boolean) => void;
}

interface Gate {
  running: number;
  waiting: Waiter<unknown>[];
  /** The sold-out checks of rentals past the gate: those asked together go as one statement (decision 054). */
  checks: BatchLane<unknown, boolean>;
}

/** The most rentals one sold-out statement asks about. */
const MAX_CHECKS_PER_STATEMENT = 200;

function newGate(soldOut: SoldOutCheck<unknown>): Gate {
  return {
    running: 0,
    waiting: [],
    checks: batchLane(async (rentals) => {
      const answers = await soldOut(rentals);
      return new Map(rentals.map((rental, i) => [rental, answers[i] === true]));
    }, MAX_CHECKS_PER_STATEMENT),
  };
}

const gates = new WeakMap<Db, Map<string, Gate>>();

/**
 * Runs one rental of an offer once fewer than RENTALS_IN_FLIGHT_PER_OFFER others of that offer are running
 * (decision 045): the rest wait here, in memory, holding no connection. In a release rush a thousand rentals
 * arrive before any has taken a slot; without the gate every one of them started a transaction and found the
 * slots gone only after half a dozen statements.
 *
 * Past the gate, a rental first asks whether it is sold out now: the rentals past the gate that ask at the
 * same moment ask in one statement (decision 054). When it is, the rentals still waiting are asked too, all in
 * one statement, and those sold out are answered at once: after the last slot goes, the queue empties with a
 * single statement.
 *
 * It only orders work: correctness (no slot held twice, one charge per key) rests on the database, and a
 * second process has its own gates.
 */
export async function throughOfferGate<Q, T>(
  db: Db,
  offerKey: string,
  rental: Q,
  soldOut: SoldOutCheck<Q>,
  run: () => Promise<T>,
): Promise<T | typeof SOLD_OUT> {
  let byOffer = gates.get(db);
  if (!byOffer) gates.set(db, (byOffer = new Map()));
  let gate = byOffer.get(offerKey);
  if (!gate) byOffer.set(offerKey, (gate = newGate(soldOut as SoldOutCheck<unknown>)));
  const entered = gate;
  const offers = byOffer;
  if (entered.running < RENTALS_IN_FLIGHT_PER_OFFER) entered.running++;
  // A finishing rental hands its place over (`running` stays as it is), or answers this one sold out.
  else if (!(await new Promise<boolean>((resolve) => entered.waiting.push({ rental, resolve })))) return SOLD_OUT;
  try {
    const isSoldOut = (await entered.checks.lookup(rental)) === true;
    if (!isSoldOut) return await run();
    await answerSoldOutWaiters(entered, soldOut as SoldOutCheck<unknown>);
    return SOLD_OUT;
  } finally {
    const next = entered.waiting.shift();
    if (next) next.resolve(true);
    else if (--entered.running === 0) offers.delete(offerKey);
  }
}

/** Asks about every rental waiting now, in one statement, and answers those sold out (they leave the queue). */
async function answerSoldOutWaiters(gate: Gate, soldOut: SoldOutCheck<unknown>): Promise<void> {
  const asked = gate.waiting.slice();
  if (asked.length === 0) return;
  const answers = await soldOut(asked.map((w) => w.rental));
  const gone = new Set(asked.filter((_, i) => answers[i]));
  gate.waiting = gate.waiting.filter((w) => !gone.has(w));
  for (const waiter of gone) waiter.resolve(false);
}
