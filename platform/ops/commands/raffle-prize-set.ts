import { z } from "zod";
import { setRafflePrize } from "../../modules/raffle/manage";
import { ODDS_SCALE } from "../../rules/raffle-odds";
import { rowIdArg } from "../args";
import { opsCommand } from "../command";

/**
 * `raffle prize set --id N [--stock N] [--weight N] [--active 0|1]`: changes a raffle prize's stock, its chance out
 * of 10,000 or whether it is drawn (issue 39 §4). The active prizes' weights may not add up to more than 10,000
 * (platform/modules/raffle/manage.ts, also the desk's); draws already made keep the odds they were drawn with.
 */
export const rafflePrizeSet = opsCommand({
  name: "raffle prize set",
  summary: "change a raffle prize's stock, weight (out of 10000) or active flag",
  args: z.object({
    id: rowIdArg("a prize"),
    stock: z.coerce.number().int().min(0).max(10_000_000).optional(),
    weight: z.coerce.number().int().min(0).max(ODDS_SCALE).optional(),
    active: z.enum(["0", "1"]).optional(),
  }),
  async run(ctx, _actor, args) {
    const { before, after } = await setRafflePrize(ctx, {
      id: args.id,
      stock: args.stock,
      weight: args.weight,
      active: args.active === undefined ? undefined : args.active === "1",
    });
    return {
      target: `raffle_prize:${args.id}`,
      before,
      after,
      message: `prize ${args.id} (${after.name}): stock ${after.stock}, weight ${after.weight}/10000${after.active ? "" : " (inactive)"}`,
    };
  },
});
