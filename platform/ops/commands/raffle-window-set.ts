import { eq } from "drizzle-orm";
import { z } from "zod";
import { raffleEvents } from "../../db/raffle-schema";
import { fail } from "../../modules/errors";
import { ANNIVERSARY_RAFFLE } from "../../modules/raffle/event";
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
    const startsAt = new Date(args.from);
    const endsAt = new Date(args.until);
    if (endsAt <= startsAt) fail("BAD_REQUEST", "until", "活动结束时间必须晚于开始时间");
    const [before] = await ctx.db
      .select()
      .from(raffleEvents)
      .where(eq(raffleEvents.code, ANNIVERSARY_RAFFLE))
      .for("update");
    if (!before) return fail("NOT_FOUND", "event");
    await ctx.db.update(raffleEvents).set({ startsAt, endsAt }).where(eq(raffleEvents.id, before.id));
    return {
      target: `raffle_event:${before.code}`,
      before: { startsAt: before.startsAt.toISOString(), endsAt: before.endsAt.toISOString() },
      after: { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
      message: `raffle ${before.code}: ${startsAt.toISOString()} → ${endsAt.toISOString()}`,
    };
  },
});
