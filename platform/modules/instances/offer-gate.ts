import type { Db } from "../../db/client";

/** How many rentals of one offer may be past the gate at once (per database handle, per process). */
export const RENTALS_IN_FLIGHT_PER_OFFER = 8;

interface Gate {
  running: number;
  waiting: (() => void)[];
}

const gates = new WeakMap<Db, Map<string, Gate>>();

/**
 * Runs one rental of an offer once fewer than RENTALS_IN_FLIGHT_PER_OFFER others of that offer are running
 * (decision 045): the rest wait here, in memory, holding no connection. In a release rush a thousand rentals
 * arrive before any has taken a slot; without the gate every one of them started a transaction and found the
 * slots gone only after half a dozen statements. Past the gate, a rental first asks whether the offer is sold
 * out now (one statement), so once the slots are gone each waiting rental is answered by that statement.
 *
 * It only orders work: correctness (no slot held twice, one charge per key) rests on the database, and a
 * second process has its own gates.
 */
export async function throughOfferGate<T>(db: Db, offerKey: string, run: () => Promise<T>): Promise<T> {
  let byOffer = gates.get(db);
  if (!byOffer) gates.set(db, (byOffer = new Map()));
  let gate = byOffer.get(offerKey);
  if (!gate) byOffer.set(offerKey, (gate = { running: 0, waiting: [] }));
  const entered = gate;
  if (entered.running < RENTALS_IN_FLIGHT_PER_OFFER) entered.running++;
  // A finishing rental hands its place over: `running` stays as it is.
  else await new Promise<void>((resolve) => entered.waiting.push(resolve));
  try {
    return await run();
  } finally {
    const next = entered.waiting.shift();
    if (next) next();
    else if (--entered.running === 0) byOffer.delete(offerKey);
  }
}
