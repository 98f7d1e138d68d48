import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { hosts } from "../../db/market-schema";
import { fail } from "../../modules/errors";
import { opsCommand } from "../command";
import { cudaVersion, hostName, hostView } from "./host-add";

/**
 * `host set --name 北京A区-1号机 [--online 0|1] [--gpus N] [--cuda 12.4]`: takes a
 * host offline (it offers nothing new; its instances keep their GPUs) or back,
 * resizes it, or records a new driver. The GPU total never goes below the GPUs
 * instances hold (total − free): one conditional update keeps the held count.
 */
export const hostSet = opsCommand({
  name: "host set",
  summary: "take a host offline or online, change its GPUs (never below those held) or CUDA version",
  args: z.object({
    name: hostName,
    online: z.enum(["0", "1"]).optional(),
    gpus: z.coerce.number().int().min(1).max(64).optional(),
    cuda: cudaVersion.optional(),
  }),
  async run(ctx, _actor, args) {
    if (args.online === undefined && args.gpus === undefined && args.cuda === undefined)
      fail("BAD_REQUEST", undefined, "nothing to change: give --online, --gpus or --cuda");
    const [before] = await ctx.db.select().from(hosts).where(eq(hosts.name, args.name)).for("update");
    if (!before) return fail("NOT_FOUND", "name", `没有主机 ${args.name}`);
    const held = before.gpuTotal - before.gpuFree;
    if (args.gpus !== undefined && args.gpus < held)
      fail("BAD_REQUEST", "gpus", `实例正占用 ${held} 张 GPU，GPU 总数不能少于 ${held}`);
    const total = args.gpus ?? before.gpuTotal;
    const [after] = await ctx.db
      .update(hosts)
      .set({
        gpuTotal: total,
        // Free moves with the total, so what instances hold stays as it is.
        gpuFree: sql`${hosts.gpuFree} + (${total} - ${hosts.gpuTotal})`,
        ...(args.online === undefined ? {} : { online: args.online === "1" }),
        ...(args.cuda === undefined ? {} : { cudaVersion: args.cuda }),
      })
      .where(eq(hosts.id, before.id))
      .returning();
    return {
      target: `host:${before.name}`,
      before: hostView(before),
      after: hostView(after!),
      message: `host ${before.name}: ${after!.online ? "online" : "offline"}, ${after!.gpuFree}/${after!.gpuTotal} GPUs free, CUDA ${after!.cudaVersion}`,
    };
  },
});
