import { z } from "zod";
import { STORE_ITEM_KINDS } from "../../db/points-store-schema";
import { addStoreItem } from "../../modules/points-store/manage";
import { positiveYuanArg, rowIdArg } from "../args";
import { opsCommand } from "../command";

const count = z
  .string()
  .regex(/^\d{1,8}$/, "a whole number")
  .transform(Number);

/**
 * `store item add --kind coupon|voucher|goods --name 名称 --points 500 --stock 100 --limit 1
 * [--coupon-group N] [--voucher 10] [--description …] [--order N]`: a points-store item (decision 117), audited.
 */
export const storeItemAdd = opsCommand({
  name: "store item add",
  summary: "add a points-store item (coupon of a group, compute vouchers in yuan, or goods)",
  args: z.object({
    kind: z.enum(STORE_ITEM_KINDS),
    name: z.string().min(1).max(60),
    points: count,
    stock: count,
    limit: count,
    "coupon-group": rowIdArg("a coupon group").optional(),
    voucher: positiveYuanArg.optional(),
    description: z.string().max(300).optional(),
    order: count.optional(),
  }),
  async run(ctx, _actor, args) {
    const item = await addStoreItem(ctx, {
      kind: args.kind,
      name: args.name,
      description: args.description,
      pointsPrice: args.points,
      stock: args.stock,
      perUserLimit: args.limit,
      couponGroupId: args["coupon-group"],
      voucherFen: args.voucher,
      sortOrder: args.order,
    });
    return {
      target: `store_item:${item.id}`,
      before: null,
      after: item,
      message: `added store item ${item.id} "${item.name}" (${item.kind}, ${item.pointsPrice} points, stock ${item.stock})`,
    };
  },
});
