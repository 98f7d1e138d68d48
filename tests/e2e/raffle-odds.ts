/**
 * The raffle's odds are one table on the one server every journey shares, and both projects (JS on and off) run
 * the raffle journeys at once. A journey that needs a certain prize sets the odds and draws while it holds this
 * lock, a directory in the run's data directory (mkdir is atomic), so no other journey changes the odds between.
 */
import { mkdirSync, rmdirSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { ops } from "./ops";

type Prize = { PrizeId: number; Name: string };

const LOCK_WAIT_MS = 40_000;

async function acquire(dir: string): Promise<void> {
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > until) throw new Error(`raffle odds lock still held after ${LOCK_WAIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Runs `change` while no other journey can change the raffle's odds (every journey that does holds this lock). */
export async function withRaffleOddsLock<T>(change: () => Promise<T>): Promise<T> {
  const lock = path.join(process.env.E2E_DATA_DIR!, "raffle-odds.lock");
  await acquire(lock);
  try {
    return await change();
  } finally {
    rmdirSync(lock);
  }
}

/** Makes the named prize certain (weight 10,000, the others 0), then runs `draw` while no one else can change that. */
export async function withCertainPrize<T>(
  request: APIRequestContext,
  prizeName: string,
  draw: () => Promise<T>,
): Promise<T> {
  return withRaffleOddsLock(async () => {
    const reply = await request.post("/api/raffle/overview", { form: {} });
    const prizes = ((await reply.json()) as { data: { Prizes: Prize[] } }).data.Prizes;
    const certain = prizes.find((p) => p.Name === prizeName);
    if (!certain) throw new Error(`no raffle prize named ${prizeName}`);
    for (const p of prizes)
      if (p !== certain) await ops(request, "raffle prize set", { id: String(p.PrizeId), weight: "0" });
    await ops(request, "raffle prize set", { id: String(certain.PrizeId), weight: "10000" });
    return await draw();
  });
}
