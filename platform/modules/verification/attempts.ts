import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verificationAttempts, type VerificationAttemptKind } from "../../db/verification-schema";
import { retryReason } from "../../rules/verification-attempts";
import type { VerificationLimits } from "../../rules/verification-unlocks";
import { fail } from "../errors";

const DAY_MS = 86_400_000;

/**
 * The next attempt's time, given the attempts in the last 24 hours (oldest first) and the limit: null when one
 * more is allowed; else when the oldest attempt that keeps the count at the limit leaves the window.
 */
function retryAt(times: Date[], max: number): Date | null {
  if (times.length < max) return null;
  return new Date(times[times.length - max]!.getTime() + DAY_MS);
}

async function windowTimes(tx: Db, since: Date, where: ReturnType<typeof and>): Promise<Date[]> {
  const rows = await tx
    .select({ at: verificationAttempts.at })
    .from(verificationAttempts)
    .where(and(where, gt(verificationAttempts.at, since)))
    .orderBy(asc(verificationAttempts.at));
  return rows.map((r) => r.at);
}

type AttemptLimits = Pick<VerificationLimits, "attemptsPerAccountDay" | "attemptsPerIdDay">;
type AttemptSubject = { userId: number; kind: VerificationAttemptKind; idNumberHash: string | null };

/**
 * When the account (or the ID number) may make its next attempt of `kind`: null when it may now; else the
 * later of the two times its 24 hours' attempts free one.
 */
export async function attemptsRetryAt(
  db: Db,
  now: Date,
  limits: AttemptLimits,
  input: AttemptSubject,
): Promise<Date | null> {
  const since = new Date(now.getTime() - DAY_MS);
  const kind = eq(verificationAttempts.kind, input.kind);
  const byAccount = retryAt(
    await windowTimes(db, since, and(eq(verificationAttempts.userId, input.userId), kind)),
    limits.attemptsPerAccountDay,
  );
  const byId = input.idNumberHash
    ? retryAt(
        await windowTimes(db, since, and(eq(verificationAttempts.idNumberHash, input.idNumberHash), kind)),
        limits.attemptsPerIdDay,
      )
    : null;
  return [byAccount, byId].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
}

/**
 * Counts one attempt of `kind` by the account (and naming the ID number, when known) within the caller's
 * transaction, or refuses it with 102252 and `retry_at` when the account or the ID number has used its 24 hours'
 * attempts (decision 096). Under transaction-scoped advisory locks on the account and the ID number (always taken
 * in that order), so two concurrent attempts cannot both pass the last free one.
 */
export async function takeAttempt(tx: Db, now: Date, limits: AttemptLimits, input: AttemptSubject): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify-attempts:user:${input.userId}`}))`);
  if (input.idNumberHash)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify-attempts:id:${input.idNumberHash}`}))`);
  const until = await attemptsRetryAt(tx, now, limits, input);
  if (until) fail("VERIFICATION_ATTEMPTS_LIMIT", undefined, retryReason(until), { retry_at: until.toISOString() });
  await tx.insert(verificationAttempts).values({
    userId: input.userId,
    kind: input.kind,
    idNumberHash: input.idNumberHash,
    at: now,
  });
}
