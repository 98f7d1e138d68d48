import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { gpuModels, gpuPrices, MACHINE_TYPES } from "../../db/market-schema";
import { fail } from "../../modules/errors";
import { fenToYuan } from "../../rules/money";
import { positiveYuanArg } from "../args";
import { opsCommand } from "../command";

/**
 * `gpu-price set --gpu rtx4090 --type docker --price 1.98`: the list price of
 * one GPU-hour of a model on a machine type (issue 12 §1), added when missing.
 * Running instances keep the price they were rented at; the store shows the new
 * one at once.
 */
export const gpuPriceSet = opsCommand({
  name: "gpu-price set",
  summary: "set the list price of one GPU-hour (yuan) of a GPU model on a machine type",
  args: z.object({
    gpu: z.string().min(1).max(32),
    type: z.enum(MACHINE_TYPES),
    price: positiveYuanArg,
  }),
  async run(ctx, _actor, args) {
    const [model] = await ctx.db.select({ id: gpuModels.id }).from(gpuModels).where(eq(gpuModels.code, args.gpu));
    if (!model) return fail("NOT_FOUND", "gpu", `没有 GPU 型号 ${args.gpu}`);
    const where = and(eq(gpuPrices.gpuModelId, model.id), eq(gpuPrices.machineType, args.type));
    const [before] = await ctx.db.select().from(gpuPrices).where(where).for("update");
    await ctx.db
      .insert(gpuPrices)
      .values({ gpuModelId: model.id, machineType: args.type, unitPriceFen: args.price, updatedAt: ctx.now() })
      .onConflictDoUpdate({
        target: [gpuPrices.gpuModelId, gpuPrices.machineType],
        set: { unitPriceFen: args.price, updatedAt: ctx.now() },
      });
    return {
      target: `gpu_price:${args.gpu}:${args.type}`,
      before: before ? { unitPriceFen: before.unitPriceFen } : null,
      after: { unitPriceFen: args.price },
      message: `${args.gpu} ${args.type}: ${before ? `${fenToYuan(before.unitPriceFen)} → ` : ""}${fenToYuan(args.price)} yuan per GPU-hour`,
    };
  },
});
