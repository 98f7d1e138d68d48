import type { Ctx } from "../modules/context";
import { purgeStaleReadings } from "../modules/verification/id-card-ocr";
import { deleteExpiredSandboxFaceSessions } from "../providers/identity/sandbox-face";

/** Rows deleted per table per run: a bounded statement; a backlog drains over the next runs. */
export const VERIFICATION_CLEANUP_BATCH = 500;

/**
 * Verification's leftovers (issue 37, decision 099): sandbox face sessions an hour after they expired, and ID card
 * readings a day after they were read (an application names its files sooner, or was abandoned).
 */
export async function runVerificationCleanup(ctx: Ctx, batch = VERIFICATION_CLEANUP_BATCH) {
  const now = ctx.now();
  return {
    faceSessions: await deleteExpiredSandboxFaceSessions(ctx.db, now, batch),
    readings: await purgeStaleReadings(ctx.db, now, batch),
  };
}
