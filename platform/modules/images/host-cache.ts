import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedRowsOf } from "../../db/prepared";
import { rowsOf } from "../finance/rows";

/**
 * How long a new instance on `hostId` waits for its image (decision 088): 0
 * for an official image (on every host) or a user's image the host holds;
 * while the host is still pulling it, the rest of that pull; otherwise a whole
 * pull, which this records: the host holds the image from the moment the pull
 * ends (`cached_at`), so the next instance there waits for nothing. Runs in
 * the rental's transaction, only for a user's image; `pullMs` is the fleet's
 * pull time, asked before the transaction (decision 058).
 */
export async function imagePullDelayMs(
  tx: Db,
  input: { hostId: number; imageId: number; custom: boolean; now: Date; pullMs: number },
): Promise<number> {
  if (!input.custom) return 0;
  const pulled = new Date(input.now.getTime() + input.pullMs);
  // Inserted if absent; either way the row's pull end comes back (a concurrent rental's too).
  const [row] = await preparedRowsOf<{ cached_at: string | Date }>(
    tx,
    sql`insert into host_image_cache (host_id, image_id, cached_at)
        values (${input.hostId}, ${input.imageId}, ${pulled.toISOString()}::timestamptz)
        on conflict (host_id, image_id) do update set cached_at = host_image_cache.cached_at
        returning cached_at`,
  );
  const ready = new Date(row!.cached_at);
  return Math.max(0, ready.getTime() - input.now.getTime());
}

/**
 * Which of `imageIds` every online host of an offer that has a free GPU holds
 * now: wherever the rental lands, it starts without a pull. Official images
 * are on every host; an offer with no free host holds nothing.
 */
export async function cachedForOffer(
  db: Db,
  offer: { machineType: string; regionCode: string; gpuModelCode: string },
  imageIds: number[],
  now: Date,
): Promise<Set<number>> {
  if (imageIds.length === 0) return new Set();
  const ids = sql`${`{${imageIds.map((id) => Math.trunc(id)).join(",")}}`}::bigint[]`;
  const rows = await rowsOf<{ image_id: unknown }>(
    db,
    sql`with free as (
          select h.id from hosts h
          join regions r on r.id = h.region_id
          join gpu_models g on g.id = h.gpu_model_id
          where h.machine_type = ${offer.machineType} and r.code = ${offer.regionCode}
            and g.code = ${offer.gpuModelCode} and h.online and h.gpu_free > 0)
        select i.id as image_id from images i
        where i.id = any(${ids}) and exists (select 1 from free)
          and (i.owner_user_id is null or not exists (
            select 1 from free f where not exists (
              select 1 from host_image_cache c
              where c.host_id = f.id and c.image_id = i.id and c.cached_at <= ${now.toISOString()}::timestamptz)))`,
  );
  return new Set(rows.map((r) => Number(r.image_id)));
}
