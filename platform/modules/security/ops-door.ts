import type { Ctx, Visitor } from "../context";
import { addHits, countHits } from "./rate-counters";

/** Wrong operator keys an address may present in this window before /ops answers it 429 (issue 33 §2). */
export const OPS_KEY_WINDOW_MS = 10 * 60_000;
export const MAX_WRONG_OPS_KEYS = 10;

/**
 * The counter's subject: the client address, or one subject for every client
 * whose address is unknown. Unlike the users' limits (decision 025), unknown
 * clients share one count here: the door is for operators, not users, and
 * they have a way around a shared refusal that users do not (OPS_PORT, a
 * private port whose clients the socket names; or TRUST_PROXY). Without it,
 * a site without TRUST_PROXY would take unlimited guesses (decision 061).
 */
const subjectOf = (visitor: Visitor) => visitor.origin.ip ?? "unknown";

/** Whether this client presented too many wrong keys lately: then /ops refuses it anything, even the right key. */
export async function opsDoorThrottled(ctx: Ctx, visitor: Visitor): Promise<boolean> {
  const [wrong = 0] = await countHits(ctx.db, ctx.now(), [
    { bucket: "ops_key_fail", subject: subjectOf(visitor), windowMs: OPS_KEY_WINDOW_MS },
  ]);
  return wrong >= MAX_WRONG_OPS_KEYS;
}

/** Counts one missing or wrong operator key from this client. */
export async function recordWrongOpsKey(ctx: Ctx, visitor: Visitor): Promise<void> {
  await addHits(ctx.db, ctx.now(), [{ bucket: "ops_key_fail", subject: subjectOf(visitor) }]);
}
