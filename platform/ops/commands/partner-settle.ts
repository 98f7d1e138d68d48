import { z } from "zod";
import { settleCommissions } from "../../modules/partner/settle";
import { opsCommand } from "../command";

/**
 * `partner settle [--at 2026-12-16T00:00:00Z]`: runs the sales-partner settlement job (decision 115) now, or as of
 * the given instant (the holding period is measured against it), e.g. to settle a month in a test.
 */
export const partnerSettle = opsCommand({
  name: "partner settle",
  summary: "accrue and settle sales-partner commission as of now or --at <ISO time>",
  args: z.object({
    at: z
      .string()
      .max(40)
      .refine((v) => !Number.isNaN(Date.parse(v)), "an ISO time, e.g. 2026-12-16T00:00:00Z")
      .optional(),
  }),
  async run(ctx, _actor, args) {
    const at = args.at ? new Date(args.at) : ctx.now();
    const months = await settleCommissions({ db: ctx.db, now: () => at });
    return {
      target: "partner:settlement",
      before: null,
      after: { at: at.toISOString(), months },
      message: `settled ${months} partner month(s) as of ${at.toISOString()}`,
    };
  },
});
