import type { Db } from "../../db/client";
import type { Ctx } from "../context";
import { describeFault } from "../fault-log";
import { deliverDueMessages } from "./deliver";

const running = new WeakMap<Db, Promise<void>>();
const askedAgain = new WeakSet<Db>();

/**
 * Runs the deliverer now, outside the request's transaction: what a commit
 * queued reaches the SMS gateway or mail server (and the sandbox outboxes)
 * within moments instead of at the job's next round. One run per database at a
 * time; a kick during a run makes it go round once more. Never rejects.
 */
export function deliverSoon(ctx: Ctx): Promise<void> {
  const current = running.get(ctx.db);
  if (current) {
    askedAgain.add(ctx.db);
    return current;
  }
  const run = (async () => {
    do {
      askedAgain.delete(ctx.db);
      await deliverDueMessages(ctx);
    } while (askedAgain.has(ctx.db));
  })()
    .catch((error: unknown) => console.error(`[deliveries] delivery run failed: ${describeFault(error)}`))
    .finally(() => running.delete(ctx.db));
  running.set(ctx.db, run);
  return run;
}

/** Resolves when the kicked run on this database (if any) has finished: for tests. */
export function deliveriesSettled(db: Db): Promise<void> {
  return running.get(db) ?? Promise.resolve();
}
