import { z } from "zod";
import { listUndelivered, UNDELIVERED_STATUSES } from "../../modules/deliveries/operate";
import { opsCommand } from "../command";

/**
 * `messages undelivered [--status sending|failed]`: the outbox's messages that
 * did not reach their provider (decision 058), recipients masked. Read only; the
 * audit row records that an operator looked.
 */
export const messagesUndelivered = opsCommand({
  name: "messages undelivered",
  summary: "list SMS and email notices stuck in `sending` (a deliverer died mid-call) or `failed` (5 attempts refused)",
  args: z.object({ status: z.enum(UNDELIVERED_STATUSES).optional() }),
  async run(ctx, _actor, args) {
    const rows = await listUndelivered(ctx, args.status ? [args.status] : UNDELIVERED_STATUSES);
    const lines = rows.map(
      (m) =>
        `  #${m.id} ${m.status} ${m.channel} to ${m.recipient} "${m.subject}", ${m.attempts} attempt(s), ` +
        `due ${m.nextAttemptAt.toISOString()}${m.lastError ? `, last error: ${m.lastError}` : ""}`,
    );
    return {
      target: "message_deliveries",
      before: null,
      after: { count: rows.length, ids: rows.map((m) => m.id) },
      message: rows.length
        ? `${rows.length} undelivered message(s); requeue one with \`message requeue --id N\`:\n${lines.join("\n")}`
        : "no undelivered message",
    };
  },
});
