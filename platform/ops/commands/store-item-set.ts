import { z } from "zod";
import { setStoreItem } from "../../modules/points-store/manage";
import { rowIdArg } from "../args";
import { opsCommand } from "../command";

const count = z
  .string()
  .regex(/^\d{1,8}$/, "a whole number")
  .transform(Number);

/** `store item set --id N [--points P] [--stock S] [--limit L] [--on-sale yes|no]`: audited (decision 117). */
export const storeItemSet = opsCommand({
  name: "store item set",
  summary: "change a points-store item's price, stock, per-user limit or sale state",
  args: z.object({
    id: rowIdArg("a store item"),
    points: count.optional(),
    stock: count.optional(),
    limit: count.optional(),
    "on-sale": z.enum(["yes", "no"]).optional(),
  }),
  async run(ctx, _actor, args) {
    const { before, after } = await setStoreItem(ctx, args.id, {
      pointsPrice: args.points,
      stock: args.stock,
      perUserLimit: args.limit,
      onSale: args["on-sale"] === undefined ? undefined : args["on-sale"] === "yes",
    });
    return {
      target: `store_item:${after.id}`,
      before,
      after,
      message: `store item ${after.id}: ${after.pointsPrice} points, stock ${after.stock}, limit ${after.perUserLimit}, ${after.onSale ? "on sale" : "off sale"}`,
    };
  },
});
