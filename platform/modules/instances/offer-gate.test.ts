import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { RENTALS_IN_FLIGHT_PER_OFFER, throughOfferGate } from "./offer-gate";

const fakeDb = () => ({}) as unknown as Db;
const tick = () => new Promise((r) => setImmediate(r));

describe("throughOfferGate", () => {
  it("lets at most RENTALS_IN_FLIGHT_PER_OFFER rentals of one offer run at once, the rest in arrival order", async () => {
    const db = fakeDb();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const runs = Array.from({ length: 20 }, (_, i) =>
      throughOfferGate(db, "docker:cn-east:rtx4090", async () => {
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
      throughOfferGate(db, "a", () => new Promise<void>((resolve) => blockers.push(resolve))),
    );
    await expect(throughOfferGate(db, "b", async () => "other offer")).resolves.toBe("other offer");
    await expect(throughOfferGate(fakeDb(), "a", async () => "other database")).resolves.toBe("other database");
    let late = false;
    const waiting = throughOfferGate(db, "a", async () => (late = true));
    await tick();
    expect(late).toBe(false);
    for (const release of blockers) release();
    await Promise.all([...blocked, waiting]);
    expect(late).toBe(true);
  });
});
