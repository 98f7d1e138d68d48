/**
 * Stops a sub-account's running instances as if it had pressed 关机 on each (no session behind it): through the
 * user's own stop path (stopInstance: settled up to now, then stopping). One that moved on meanwhile (stopped,
 * released) is left as it is. Used by the budget stop and the limit stop (decision 107).
 */
import { sql } from "drizzle-orm";
import { preparedRowsOf } from "../../db/prepared";
import type { Caller, Ctx } from "../context";
import { DomainError } from "../errors";
import { stopInstance } from "../instances/actions";

export async function stopSubAccountInstances(
  ctx: Ctx,
  owner: { userId: number; subAccountId: number },
  which: "all" | "hourly",
): Promise<string[]> {
  const caller: Caller = { userId: owner.userId, subAccountId: owner.subAccountId, sessionId: 0, origin: { ip: null } };
  const running = await preparedRowsOf<{ uuid: string }>(
    ctx.db,
    sql`select uuid from instances
        where sub_account_id = ${owner.subAccountId} and state = 'running'
          and (${which === "all"} or billing_mode = 'hour')
        order by id`,
  );
  const stopped: string[] = [];
  for (const { uuid } of running) {
    try {
      await stopInstance(ctx, caller, { uuid });
      stopped.push(uuid);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return stopped;
}
