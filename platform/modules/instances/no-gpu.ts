import { and, eq } from "drizzle-orm";
import { instances } from "../../db/market-schema";
import { extraDiskHourFen } from "../../rules/data-disk-growth";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { NO_GPU_PACKAGE } from "./actions";
import { ownedBy } from "./scope";
import { instanceById, type Instance } from "./view";

/** What a start without GPU would be now (decision 086): its hourly price, or why it cannot. */
export interface NoGpuPreview {
  instance: Instance;
  /** Why not now (not stopped, a package); null when it can start without GPU. */
  blocked: string | null;
  hourlyPriceFen: number;
}

/** `/instance/get_start_without_gpu_preview`: the caller's instance, the no-GPU hourly price, or why not. */
export async function noGpuPreview(ctx: Ctx, caller: Caller, input: { uuid: string }): Promise<NoGpuPreview> {
  const [row] = await ctx.db
    .select({
      id: instances.id,
      state: instances.state,
      billingMode: instances.billingMode,
      extraDiskMonthFen: instances.extraDiskMonthFen,
    })
    .from(instances)
    .where(and(eq(instances.uuid, input.uuid), ownedBy(caller)));
  if (!row) return fail("INSTANCE_NOT_FOUND");
  const blocked =
    row.state !== "stopped" ? "请先关机，再以无卡模式开机" : row.billingMode !== "hour" ? NO_GPU_PACKAGE : null;
  // Its extra data disk (decision 093) is billed with the hours it runs, without GPU too.
  const hourlyPriceFen = ctx.site.noGpuHourlyFen + extraDiskHourFen(row.extraDiskMonthFen);
  return { instance: await instanceById(ctx.db, row.id, ctx.now()), blocked, hourlyPriceFen };
}
