import { and, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedRowsOf } from "../../db/prepared";
import { hosts } from "../../db/market-schema";
import { fail } from "../errors";
import { num } from "../finance/rows";

const ROUNDS = 3;

/**
 * Takes `gpuCount` slots on one of `hostIds` by a conditional update
 * (`gpu_free >= n`, online) and returns that host's id. First the fitting
 * host with the fewest free slots that no other rental is holding (SKIP
 * LOCKED: concurrent rentals spread over the hosts instead of queueing on
 * one); when every fitting host is held, each is waited for in turn, fewest
 * free first, and judged again once its holder commits, never skipped, so
 * the last free slots go to exactly as many rentals as there are. Fewest free
 * first keeps whole hosts free for large rentals. None fits:
 * INSTANCE_SOLD_OUT (the caller's transaction then rolls back).
 */
export async function takeSlots(db: Db, hostIds: number[], gpuCount: number): Promise<number> {
  if (hostIds.length === 0) return fail("INSTANCE_SOLD_OUT");
  // SQL templates, not the builder: every rental runs these (decision 050).
  const ids = sql`${`{${hostIds.map((id) => Math.trunc(id)).join(",")}}`}::bigint[]`;
  const take = async (pick: SQL) => {
    const [taken] = await preparedRowsOf<{ id: unknown }>(
      db,
      sql`update hosts set gpu_free = gpu_free - ${gpuCount}
          where id = (${pick}) and online and gpu_free >= ${gpuCount}
          returning id`,
    );
    return taken ? num(taken.id) : null;
  };
  const unheld = await take(
    sql`select h.id from hosts h where h.id = any(${ids}) and h.online and h.gpu_free >= ${gpuCount}
        order by h.gpu_free, h.id limit 1 for update skip locked`,
  );
  if (unheld !== null) return unheld;
  for (let round = 0; round < ROUNDS; round++) {
    const candidates = await preparedRowsOf<{ id: unknown }>(
      db,
      sql`select id from hosts where id = any(${ids}) and online and gpu_free >= ${gpuCount} order by gpu_free, id`,
    );
    if (candidates.length === 0) break;
    for (const candidate of candidates) {
      const taken = await take(sql`${num(candidate.id)}`);
      if (taken !== null) return taken;
    }
  }
  return fail("INSTANCE_SOLD_OUT");
}

/** Takes `gpuCount` slots on one given host again (an hourly instance starting): HOST_GPU_BUSY when it lacks them. */
export async function retakeSlots(db: Db, hostId: number, gpuCount: number): Promise<void> {
  const [taken] = await db
    .update(hosts)
    .set({ gpuFree: sql`${hosts.gpuFree} - ${gpuCount}` })
    .where(and(eq(hosts.id, hostId), eq(hosts.online, true), gte(hosts.gpuFree, gpuCount)))
    .returning({ id: hosts.id });
  if (!taken) fail("HOST_GPU_BUSY");
}
