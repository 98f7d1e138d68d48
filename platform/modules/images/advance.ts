import { sql } from "drizzle-orm";
import { inTransaction } from "../../db/tx";
import type { Ctx } from "../context";
import { num, rowsOf } from "../finance/rows";
import { recordInstanceEvents } from "../instances/events";

/** At most this many images become available per run; the next run takes the rest. */
const BATCH = 500;

/**
 * Makes the images whose copy is done available (decision 088): one
 * statement claiming its rows with FOR UPDATE SKIP LOCKED, so two platform
 * processes never move one twice; each source instance's log says so.
 */
export async function advanceImageSaves(ctx: Ctx): Promise<number> {
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const rows = await rowsOf<{ source_instance_id: unknown; owner: unknown; name: string }>(
      tx,
      sql`with due as (
            select id from custom_images
            where state = 'saving' and ready_at <= ${now.toISOString()}::timestamptz
            order by ready_at limit ${BATCH} for update skip locked)
          update custom_images c set state = 'available'
          from due where c.id = due.id
          returning c.source_instance_id, c.user_id as owner, c.name`,
    );
    await recordInstanceEvents(
      tx,
      rows.map((r) => ({
        instanceId: num(r.source_instance_id),
        userId: num(r.owner),
        kind: "image_saved" as const,
        actor: "system" as const,
        text: `镜像「${r.name}」保存完成，可用于创建实例`,
        at: now,
      })),
    );
    return rows.length;
  });
}
