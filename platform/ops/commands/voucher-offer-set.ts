import { eq } from "drizzle-orm";
import { z } from "zod";
import { voucherOffers } from "../../db/wallet-schema";
import { fail } from "../../modules/errors";
import { fenToYuan } from "../../rules/money";
import { positiveYuanArg, rowIdArg } from "../args";
import { opsCommand } from "../command";

const positiveYuan = positiveYuanArg;

type Offer = typeof voucherOffers.$inferSelect;
const view = (o: Offer) => ({
  id: o.id,
  priceFen: o.priceFen,
  voucherFen: o.voucherFen,
  active: o.active,
  sortOrder: o.sortOrder,
});

/**
 * `voucher-offer set [--id N] --price 1000 --vouchers 1030 [--active 0|1] [--sort N]`:
 * adds a compute-voucher offer (issue 10 §3: "offers are configurable, for
 * example with a bonus"), or changes one. Vouchers are never fewer than the price
 * (a CHECK). An offer taken off (`--active 0`) leaves earlier purchases as they were.
 */
export const voucherOfferSet = opsCommand({
  name: "voucher-offer set",
  summary: "add or change a compute-voucher offer (price and vouchers in yuan)",
  args: z.object({
    id: rowIdArg("an offer").optional(),
    price: positiveYuan,
    vouchers: positiveYuan,
    active: z.enum(["0", "1"]).default("1"),
    sort: z.coerce.number().int().min(0).max(1000).default(0),
  }),
  async run(ctx, _actor, args) {
    if (args.vouchers < args.price) fail("BAD_REQUEST", "vouchers", "算力券金额不能少于售价");
    const values = {
      priceFen: args.price,
      voucherFen: args.vouchers,
      active: args.active === "1",
      sortOrder: args.sort,
    };
    if (args.id === undefined) {
      const [created] = await ctx.db.insert(voucherOffers).values(values).returning();
      return {
        target: `voucher_offer:${created!.id}`,
        before: null,
        after: view(created!),
        message: `offer ${created!.id}: ${fenToYuan(args.price)} yuan → ${fenToYuan(args.vouchers)} yuan of vouchers`,
      };
    }
    const [before] = await ctx.db.select().from(voucherOffers).where(eq(voucherOffers.id, args.id)).for("update");
    if (!before) return fail("NOT_FOUND", "id");
    const [after] = await ctx.db.update(voucherOffers).set(values).where(eq(voucherOffers.id, args.id)).returning();
    return {
      target: `voucher_offer:${args.id}`,
      before: view(before),
      after: view(after!),
      message: `offer ${args.id} now ${fenToYuan(args.price)} yuan → ${fenToYuan(args.vouchers)} yuan${after!.active ? "" : " (inactive)"}`,
    };
  },
});
