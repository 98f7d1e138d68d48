import { sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { num, rowsOf } from "../finance/rows";
import { MAX_GPUS } from "../instances/prepare";
import { cudaAtLeast } from "../market/offers";

/**
 * A GPU model an AI model fits on: the fewest of its GPUs whose memory holds
 * the model (n × memory ≥ the model's need, n ≤ 8), today's free GPUs on the
 * hosts that can give those n on one machine and run the model's image, the
 * lowest list price per GPU-hour there, and the offer the rental form opens
 * with ("1 × RTX 4090，空闲 12 卡，¥1.98/时 起").
 */
export interface GpuFit {
  gpuCode: string;
  gpuName: string;
  memoryGb: number;
  /** GPUs one instance needs. */
  gpuCount: number;
  /** Free GPUs on online hosts with at least `gpuCount` free (the rental can take them now); 0 when sold out. */
  freeGpus: number;
  /** The lowest list price per GPU-hour, fen: among the hosts that can give `gpuCount` now, else among all. */
  unitPriceFen: number;
  /** The offer of that price, where 用此镜像创建 opens the rental form. */
  machineType: "kvm" | "docker";
  regionCode: string;
  regionName: string;
}

interface FitRow {
  model_id: unknown;
  gpu_code: string;
  gpu_name: string;
  memory_gb: unknown;
  gpu_count: unknown;
  free_gpus: unknown;
  unit_price_fen: unknown;
  machine_type: "kvm" | "docker";
  region_code: string;
  region_name: string;
}

/**
 * The GPU fits of several AI models, in one grouped query over the online
 * hosts of cloud hosts and containers (the two the rental form rents): hosts
 * of each GPU model large enough for n GPUs, whose CUDA runs the model's
 * image. Per model, the fits that can be rented now come first, cheapest
 * instance (n × price) first, then the catalogue's order. Models without
 * a host that fits get no entry.
 */
export async function gpuFitsOf(ctx: Ctx, modelIds: readonly number[]): Promise<Map<number, GpuFit[]>> {
  const fits = new Map<number, GpuFit[]>(modelIds.map((id) => [id, []]));
  if (modelIds.length === 0) return fits;
  // The offer a fit names: one that can give n GPUs now first, then the lowest price, then the catalogue's order.
  const best = sql`(h.gpu_free >= f.gpu_count) desc, p.unit_price_fen, r.sort_order, r.id, h.machine_type`;
  const rows = await rowsOf<FitRow>(
    ctx.db,
    sql`with fits as (
          select a.id as model_id, i.cuda_version as image_cuda, m.id as gpu_model_id, m.code as gpu_code,
            m.name as gpu_name, m.memory_gb, m.sort_order,
            ceil(a.gpu_memory_gb::numeric / m.memory_gb)::int as gpu_count
          from ai_models a
          join images i on i.id = a.image_id
          cross join gpu_models m
          where a.id = any(${`{${modelIds.map(Number).join(",")}}`}::bigint[])
        )
        select * from (
          select f.model_id, f.gpu_code, f.gpu_name, f.memory_gb, f.gpu_count, f.sort_order, f.gpu_model_id,
            coalesce(sum(h.gpu_free) filter (where h.gpu_free >= f.gpu_count), 0)::int as free_gpus,
            (array_agg(p.unit_price_fen order by ${best}))[1] as unit_price_fen,
            (array_agg(h.machine_type order by ${best}))[1] as machine_type,
            (array_agg(r.code order by ${best}))[1] as region_code,
            (array_agg(r.name order by ${best}))[1] as region_name
          from fits f
          join hosts h on h.gpu_model_id = f.gpu_model_id and h.online and h.machine_type in ('kvm', 'docker')
            and h.gpu_total >= f.gpu_count and ${cudaAtLeast(sql`h.cuda_version`, sql`f.image_cuda`)}
          join gpu_prices p on p.gpu_model_id = h.gpu_model_id and p.machine_type = h.machine_type
          join regions r on r.id = h.region_id
          where f.gpu_count <= ${MAX_GPUS}
          group by f.model_id, f.gpu_model_id, f.gpu_code, f.gpu_name, f.memory_gb, f.gpu_count, f.sort_order
        ) g
        order by g.model_id, (g.free_gpus > 0) desc, g.gpu_count * g.unit_price_fen, g.sort_order, g.gpu_model_id`,
  );
  for (const row of rows) {
    fits.get(num(row.model_id))?.push({
      gpuCode: row.gpu_code,
      gpuName: row.gpu_name,
      memoryGb: num(row.memory_gb),
      gpuCount: num(row.gpu_count),
      freeGpus: num(row.free_gpus),
      unitPriceFen: num(row.unit_price_fen),
      machineType: row.machine_type,
      regionCode: row.region_code,
      regionName: row.region_name,
    });
  }
  return fits;
}
