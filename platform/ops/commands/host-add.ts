import { eq } from "drizzle-orm";
import { z } from "zod";
import { gpuModels, hosts, MACHINE_TYPES, regions } from "../../db/market-schema";
import { fail } from "../../modules/errors";
import { opsCommand } from "../command";

export const hostName = z.string().trim().min(1).max(64);
export const cudaVersion = z.string().regex(/^\d{1,2}\.\d{1,2}$/, "CUDA version like 12.4");

type Host = typeof hosts.$inferSelect;
export const hostView = (h: Host) => ({
  name: h.name,
  machineType: h.machineType,
  gpuTotal: h.gpuTotal,
  gpuFree: h.gpuFree,
  cudaVersion: h.cudaVersion,
  online: h.online,
});

/**
 * `host add --name 北京A区-20号机 --region bj-a --type docker --gpu rtx4090 --gpus 8 --cuda 12.4`:
 * a new machine of the fleet, every GPU free, online. The store offers it at once.
 */
export const hostAdd = opsCommand({
  name: "host add",
  summary: "add a host to the fleet (region code, machine type, GPU model code, GPUs, CUDA version)",
  args: z.object({
    name: hostName,
    region: z.string().min(1).max(32),
    type: z.enum(MACHINE_TYPES),
    gpu: z.string().min(1).max(32),
    gpus: z.coerce.number().int().min(1).max(64),
    cuda: cudaVersion,
    "ssh-host": z.string().min(1).max(253).optional(),
  }),
  async run(ctx, _actor, args) {
    const [region] = await ctx.db.select().from(regions).where(eq(regions.code, args.region));
    if (!region) return fail("NOT_FOUND", "region", `没有地区 ${args.region}`);
    const [model] = await ctx.db.select({ id: gpuModels.id }).from(gpuModels).where(eq(gpuModels.code, args.gpu));
    if (!model) return fail("NOT_FOUND", "gpu", `没有 GPU 型号 ${args.gpu}`);
    const [created] = await ctx.db
      .insert(hosts)
      .values({
        name: args.name,
        regionId: region.id,
        machineType: args.type,
        gpuModelId: model.id,
        gpuTotal: args.gpus,
        gpuFree: args.gpus,
        cudaVersion: args.cuda,
        sshHost: args["ssh-host"] ?? `ssh-${region.code}.sandbox.gpu-cloud.local`,
        createdAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!created) return fail("BAD_REQUEST", "name", `主机 ${args.name} 已存在`);
    return {
      target: `host:${created.name}`,
      before: null,
      after: hostView(created),
      message: `host ${created.name}: ${args.type} ${args.gpu} × ${args.gpus} in ${region.name}, CUDA ${args.cuda}`,
    };
  },
});
