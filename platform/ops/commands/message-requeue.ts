import { z } from "zod";
import { requeueDelivery } from "../../modules/deliveries/operate";
import { rowIdArg } from "../args";
import { opsCommand } from "../command";

/**
 * `message requeue --id N`: a `sending` or `failed` notice goes back to the
 * outbox with five fresh attempts, due now. For a `sending` one, check the
 * provider's log first: it may have been delivered before the deliverer died.
 */
export const messageRequeue = opsCommand({
  name: "message requeue",
  summary: "queue a `sending` or `failed` SMS or email notice again (five fresh attempts, due now)",
  args: z.object({ id: rowIdArg("a message") }),
  async run(ctx, _actor, args) {
    const { before, after } = await requeueDelivery(ctx, args.id);
    return {
      target: `message_delivery:${after.id}`,
      before: { status: before.status, attempts: before.attempts },
      after: { status: after.status, attempts: after.attempts },
      message: `message ${after.id} (${after.channel} to ${after.recipient}) was ${before.status}; queued again, due now`,
    };
  },
});
