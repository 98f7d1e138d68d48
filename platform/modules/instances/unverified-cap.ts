import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedRowsOf } from "../../db/prepared";
import { checkUnverifiedGpuCap, type VerifiedAs } from "../../rules/verification-unlocks";
import { fail } from "../errors";
import { num } from "../finance/rows";

/**
 * Refuses UNVERIFIED_GPU_LIMIT when an account without real-name verification would hold more than `limit` GPUs
 * at once (issue 37 §1, decision 096): those its instances hold now (`gpu_held`) and the `requested` ones. Called
 * under the account's row lock (payingWallets), so two rentals at once cannot both pass the last free GPUs. A
 * verified account is not counted at all.
 */
export async function refuseOverUnverifiedCap(
  tx: Db,
  input: { userId: number; verifiedAs: VerifiedAs; requested: number; limit: number },
): Promise<void> {
  if (input.verifiedAs !== null) return;
  const [row] = await preparedRowsOf<{ held: unknown }>(
    tx,
    sql`select coalesce(sum(gpu_count), 0) as held from instances where user_id = ${input.userId} and gpu_held`,
  );
  const check = checkUnverifiedGpuCap({ ...input, held: num(row?.held ?? 0) });
  if (!check.ok) fail("UNVERIFIED_GPU_LIMIT", "gpu_count", check.reason);
}
