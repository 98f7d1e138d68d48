import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { RENTALS_IN_FLIGHT_PER_OFFER, SOLD_OUT, throughOfferGate } from "./offer-gate";

const fakeDb = () => ({}) as unknown as Db;
const tick = () => new Promise((r) => setImmediate(r));
/** Never sold out: every rental runs. */
const neverSoldOut = async (rentals: unknown[]) => rentals.map(() => false);

describe("throughOfferGate", () => {
  it("lets at most RENTALS_IN_FLIGHT_PER_OFFER rentals of one offer run at once, the rest in arrival order", async () => {
    const db = fakeDb();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const runs = Array.from({ length: 20 }, (_, i) =>
      throughOfferGate(db, "docker:cn-east:rtx4090", i, neverSoldOut, async () => {
        running++;
        most = Math.max(most, running);
        order.push(i);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        if (i % 3 === 0) throw new Error(`refused ${i}`);
        return i;
      }).then(
        (value) => ({ value }),
        () => ({ refused: true }),
      ),
    );
    await tick();
    expect(running).toBe(RENTALS_IN_FLIGHT_PER_OFFER);
    while (order.length < 20 || running > 0) {
      releases.shift()?.();
      await tick();
    }
    const outcomes = await Promise.all(runs);
    expect(most).toBe(RENTALS_IN_FLIGHT_PER_OFFER);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
    // A refusal hands its place on like an answer does.
    expect(outcomes.filter((o) => "refused" in o)).toHaveLength(7);
    expect(outcomes.flatMap((o) => ("value" in o ? [o.value] : []))).toEqual(
      Array.from({ length: 20 }, (_, i) => i).filter((i) => i % 3 !== 0),
    );
  });

  it("does not hold back rentals of another offer or another database", async () => {
    const db = fakeDb();
    const blockers: (() => void)[] = [];
    const blocked = Array.from({ length: RENTALS_IN_FLIGHT_PER_OFFER }, () =>
      throughOfferGate(db, "a", 0, neverSoldOut, () => new Promise<void>((resolve) => blockers.push(resolve))),
    );
    await expect(throughOfferGate(db, "b", 0, neverSoldOut, async () => "other offer")).resolves.toBe("other offer");
    await expect(throughOfferGate(fakeDb(), "a", 0, neverSoldOut, async () => "other database")).resolves.toBe(
      "other database",
    );
    let late = false;
    const waiting = throughOfferGate(db, "a", 0, neverSoldOut, async () => (late = true));
    await tick();
    expect(late).toBe(false);
    for (const release of blockers) release();
    await Promise.all([...blocked, waiting]);
    expect(late).toBe(true);
  });

  it("asks rentals let in together in one call; once one finds the offer sold out, asks about every waiting rental in one call and answers those sold out", async () => {
    const db = fakeDb();
    let free = RENTALS_IN_FLIGHT_PER_OFFER;
    const calls: number[][] = [];
    // Rental 25 reuses a key that already rented: never sold out, it runs (and is answered with its first rental).
    const soldOut = async (rentals: number[]) => {
      calls.push(rentals);
      return rentals.map((r) => r !== 25 && free === 0);
    };
    const releases: (() => void)[] = [];
    const ran: number[] = [];
    const outcomes = Array.from({ length: 30 }, (_, i) =>
      throughOfferGate(db, "kvm:cn-north:a100", i, soldOut, async () => {
        ran.push(i);
        free--;
        await new Promise<void>((resolve) => releases.push(resolve));
        return i;
      }),
    );
    await tick();
    expect(ran).toHaveLength(RENTALS_IN_FLIGHT_PER_OFFER);
    releases.shift()!();
    for (let i = 0; i < 5; i++) await tick();
    const answers = await Promise.all(outcomes.map((o) => Promise.race([o, tick().then(() => "pending")])));
    // The first eight asked together (decision 054). The ninth, let in when the first finished, asked and found
    // it sold out, then asked once about the 21 still waiting; the one not sold out (25) took the place and asked
    // for itself.
    expect(calls).toEqual([
      Array.from({ length: RENTALS_IN_FLIGHT_PER_OFFER }, (_, i) => i),
      [8],
      Array.from({ length: 21 }, (_, i) => i + 9),
      [25],
    ]);
    // The ninth and the 20 waiting.
    expect(answers.filter((a) => a === SOLD_OUT)).toHaveLength(21);
    // Rental 25 waits for a place, then runs.
    for (const release of releases.splice(0)) release();
    for (let i = 0; i < 3; i++) await tick();
    expect(ran).toContain(25);
    for (const release of releases.splice(0)) release();
    expect(await outcomes[25]).toBe(25);
    await Promise.all(outcomes);
  });
});
