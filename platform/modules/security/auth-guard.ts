import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import { passCaptcha, type CaptchaAnswer } from "./captcha";
import { addHits, clearHits, countHits, SITE, type CounterQuery, type RateBucket } from "./rate-counters";

/**
 * Failed logins and registrations never lock anyone out: past these counts a
 * CAPTCHA is asked instead (docs/decisions/025). Failures are counted for the
 * account tried, for the client address when it is known (never one shared
 * bucket for unknown addresses), and for the whole site.
 */
export const AUTH_WINDOW_MS = 15 * 60_000;
export const CHALLENGE_AFTER_ACCOUNT_FAILURES = 3;
export const CHALLENGE_AFTER_ADDRESS_FAILURES = 10;
export const SITE_BURST_WINDOW_MS = 5 * 60_000;
export const CHALLENGE_AFTER_SITE_FAILURES = 100;

function failureQueries(visitor: Visitor, subject: string): CounterQuery[] {
  const queries: CounterQuery[] = [
    { bucket: "auth_fail", subject, windowMs: AUTH_WINDOW_MS },
    { bucket: "auth_fail_site", subject: SITE, windowMs: SITE_BURST_WINDOW_MS },
  ];
  if (visitor.origin.ip)
    queries.push({ bucket: "auth_fail_address", subject: visitor.origin.ip, windowMs: AUTH_WINDOW_MS });
  return queries;
}

/** Whether an attempt on `subject` from `visitor` must pass a CAPTCHA first. */
export async function authChallengeNeeded(ctx: Ctx, visitor: Visitor, subject: string): Promise<boolean> {
  const [account, site, address = 0] = await countHits(ctx.db, ctx.now(), failureQueries(visitor, subject));
  return (
    account >= CHALLENGE_AFTER_ACCOUNT_FAILURES ||
    site >= CHALLENGE_AFTER_SITE_FAILURES ||
    address >= CHALLENGE_AFTER_ADDRESS_FAILURES
  );
}

/**
 * Requires a passed CAPTCHA: CAPTCHA_REQUIRED when none was answered,
 * CAPTCHA_INVALID when the answer was wrong, used or expired.
 */
export async function requireCaptcha(ctx: Ctx, answer: CaptchaAnswer | undefined): Promise<void> {
  const outcome = await passCaptcha(ctx, answer ?? {});
  if (outcome === "missing") fail("CAPTCHA_REQUIRED", "captcha");
  if (outcome === "failed") fail("CAPTCHA_INVALID", "captcha");
}

/** Before checking credentials for `subject`: asks for the CAPTCHA when the failure counts say so. */
export async function guardAuthAttempt(
  ctx: Ctx,
  visitor: Visitor,
  input: { subject: string; captcha?: CaptchaAnswer },
): Promise<void> {
  if (await authChallengeNeeded(ctx, visitor, input.subject)) await requireCaptcha(ctx, input.captcha);
}

/** Counts one failed attempt on `subject`. */
export async function recordAuthFailure(ctx: Ctx, visitor: Visitor, subject: string): Promise<void> {
  const hits: { bucket: RateBucket; subject: string }[] = [
    { bucket: "auth_fail", subject },
    { bucket: "auth_fail_site", subject: SITE },
  ];
  if (visitor.origin.ip) hits.push({ bucket: "auth_fail_address", subject: visitor.origin.ip });
  await addHits(ctx.db, ctx.now(), hits);
}

/** After a success: the account's own failures are forgotten (the address's and the site's are not). */
export async function forgetAuthFailures(ctx: Ctx, subject: string): Promise<void> {
  await clearHits(ctx.db, "auth_fail", subject);
}
