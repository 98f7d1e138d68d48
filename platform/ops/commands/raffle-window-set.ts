import { z } from "zod";
import { setRaffleWindow } from "../../modules/raffle/manage";
import { opsCommand } from "../command";

const instant = z
  .string()
  .refine(
    (text) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)),
    {
      message: "use ISO 8601 with an offset, e.g. 2025-10-29T10:00:00+08:00",
    },
  );

/**
 * `raffle window set --from 2025-10-29T10:00:00+08:00 --until 2025-12-01T00:00:00+08:00`: the anniversary raffle's
 * window (decision 118: the platform's configuration; the web tier reads it with the bar's notices).
 */
export const raffleWindowSet = opsCommand({
  name: "raffle window set",
  summary: "set the anniversary raffle's window (ISO 8601 instants)",
  args: z.object({ from: instant, until: instant }),
  async run(ctx, _actor, args) {
    const { code, before, after } = await setRaffleWindow(ctx, {
      startsAt: new Date(args.from),
      endsAt: new Date(args.until),
    });
    return {
      target: `raffle_event:${code}`,
      before,
      after,
      message: `raffle ${code}: ${after.startsAt} → ${after.endsAt}`,
    };
  },
});
