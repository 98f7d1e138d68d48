import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { hosts } from "../../db/market-schema";
import { fail } from "../errors";

export interface TakenHost {
  id: number;
  name: string;
  sshHost: string;
  gpuFree: number;
  gpuTotal: number;
}

const ROUNDS = 3;

/**
 * Takes `gpuCount` slots on one of `hostIds` by a conditional update
 * (`gpu_free >= n`, online), preferring the host with the fewest free slots
 * that fits, so whole hosts stay free for large rentals. A host another
 * rental holds is waited for and looked at again once it commits, never
 * skipped, so the last free slots go to exactly as many rentals as there are.
 * None fits: INSTANCE_SOLD_OUT (the caller's transaction then rolls back).
 */
export async function takeSlots(db: Db, hostIds: number[], gpuCount: number): Promise<TakenHost> {
  for (let round = 0; round < ROUNDS && hostIds.length > 0; round++) {
    const candidates = await db
      .select({ id: hosts.id })
      .from(hosts)
      .where(and(inArray(hosts.id, hostIds), eq(hosts.online, true), gte(hosts.gpuFree, gpuCount)))
      .orderBy(asc(hosts.gpuFree), asc(hosts.id));
    if (candidates.length === 0) break;
    for (const candidate of candidates) {
      const [taken] = await db
        .update(hosts)
        .set({ gpuFree: sql`${hosts.gpuFree} - ${gpuCount}` })
        .where(and(eq(hosts.id, candidate.id), eq(hosts.online, true), gte(hosts.gpuFree, gpuCount)))
        .returning({
          id: hosts.id,
          name: hosts.name,
          sshHost: hosts.sshHost,
          gpuFree: hosts.gpuFree,
          gpuTotal: hosts.gpuTotal,
        });
      if (taken) return taken;
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
