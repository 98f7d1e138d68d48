import { z } from "zod";
import { markStoreOrderShipped } from "../../modules/points-store/orders";
import { rowIdArg } from "../args";
import { opsCommand } from "../command";

/** `store order ship --order N --carrier 顺丰速运 --tracking SF123…`: 待发货 → 已发货, audited (decision 117). */
export const storeOrderShip = opsCommand({
  name: "store order ship",
  summary: "mark a points-store goods order shipped, with its carrier and tracking number",
  args: z.object({
    order: rowIdArg("a store order"),
    carrier: z.string().trim().min(1).max(30),
    tracking: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, "a tracking number (4-40 letters, digits or -)"),
  }),
  async run(ctx, _actor, args) {
    const { before, after } = await markStoreOrderShipped(ctx, {
      orderId: args.order,
      carrier: args.carrier,
      trackingNo: args.tracking,
    });
    return {
      target: `store_order:${after.id}`,
      before,
      after,
      message: `store order ${after.id} shipped by ${after.carrier}, tracking ${after.trackingNo}`,
    };
  },
});
