import { createHash, randomInt } from "node:crypto";
import { and, count, desc, eq, gt, gte, isNull, sql } from "drizzle-orm";
import { verifyCodes } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { SmsSendError, type SmsPurpose } from "../../providers/sms/types";
import { CODE_PATTERN, PHONE_PATTERN } from "../../rules/validation";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import { raiseAlert } from "../security/alerts";
import { authChallengeNeeded, requireCaptcha } from "../security/auth-guard";
import type { CaptchaAnswer } from "../security/captcha";
import { addHits, countHits, SITE } from "../security/rate-counters";

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_TRIES = 5;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Per phone: 1 a minute, 5 an hour, 10 a day. */
export const SMS_LIMITS = [
  { windowMs: MINUTE, max: 1, key: "SMS_RATE_MINUTE" },
  { windowMs: HOUR, max: 5, key: "SMS_RATE_HOUR" },
  { windowMs: DAY, max: 10, key: "SMS_RATE_DAY" },
] as const;

function codeHash(phone: string, purpose: string, code: string): string {
  return createHash("sha256").update(`${phone}:${purpose}:${code}`).digest("hex");
}

/** A code on its way: when it was sent, and how long until the same phone may ask again. */
export interface SentCode {
  sentAt: Date;
  resendAfterMs: number;
}

/** Per client address (when known): codes an hour, to any phones. */
export const SMS_PER_ADDRESS_PER_HOUR = 20;
/** Site-wide codes an hour; past it everyone is asked for the CAPTCHA and an alert is logged. */
export const SMS_SITE_HOURLY_BUDGET = 300;
/**
 * Who sent a code when the client address is unknown (no TRUST_PROXY behind a
 * proxy): all such clients count as one sender, for the second-phone CAPTCHA
 * only, never for the hourly refusal (docs/decisions/025, addendum). Not an
 * IP address, so it never meets a real one.
 */
export const UNKNOWN_SENDER = "unknown";

/** The counters' subject for the client that asks: its address, or everyone whose address is unknown. */
const senderOf = (visitor: Visitor): string => visitor.origin.ip ?? UNKNOWN_SENDER;

/**
 * The abuse checks before a code goes out: the address's hourly limit (a known
 * address only); and the CAPTCHA when the sender asks for a phone it has not
 * asked for this hour after asking for another (unknown addresses all count as
 * one sender here, so one client without an address cannot reach 30 phones
 * without a CAPTCHA each), when the site is over its hourly budget, or when the
 * phone's logins are failing (security/auth-guard.ts).
 */
async function guardSending(ctx: Ctx, visitor: Visitor, input: { phone: string; captcha?: CaptchaAnswer }) {
  const now = ctx.now();
  const sender = senderOf(visitor);
  const [site = 0, fromSender = 0, toThisPhone = 0] = await countHits(ctx.db, now, [
    { bucket: "sms_site", subject: SITE, windowMs: HOUR },
    { bucket: "sms_address", subject: sender, windowMs: HOUR },
    { bucket: "sms_address_phone", subject: `${sender} ${input.phone}`, windowMs: HOUR },
  ]);
  if (visitor.origin.ip && fromSender >= SMS_PER_ADDRESS_PER_HOUR) fail("SMS_RATE_ADDRESS", "phone");
  const overBudget = site >= SMS_SITE_HOURLY_BUDGET;
  if (overBudget)
    raiseAlert(
      "sms_budget",
      `site-wide SMS codes this hour: ${site} (budget ${SMS_SITE_HOURLY_BUDGET}); CAPTCHA asked of everyone`,
      now,
    );
  const newPhone = fromSender > 0 && toThisPhone === 0;
  if (overBudget || newPhone || (await authChallengeNeeded(ctx, visitor, input.phone)))
    await requireCaptcha(ctx, input.captcha);
}

async function countSent(ctx: Ctx, visitor: Visitor, phone: string) {
  const sender = senderOf(visitor);
  await addHits(ctx.db, ctx.now(), [
    { bucket: "sms_site", subject: SITE },
    { bucket: "sms_address", subject: sender },
    { bucket: "sms_address_phone", subject: `${sender} ${phone}` },
  ]);
}

/**
 * Sends a 6-digit code. The reply is the same whether or not the phone has an
 * account. Per-phone limits are checked under a per-phone transaction lock, so
 * two concurrent requests cannot both pass the same limit.
 */
export async function sendVerifyCode(
  ctx: Ctx,
  visitor: Visitor,
  input: { phone: string; purpose: SmsPurpose; captcha?: CaptchaAnswer },
): Promise<SentCode> {
  if (!PHONE_PATTERN.test(input.phone)) fail("PHONE_INVALID", "phone");
  await guardSending(ctx, visitor, input);
  const now = ctx.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await inTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"sms:" + input.phone}))`);
    for (const limit of SMS_LIMITS) {
      const [row] = await tx
        .select({ n: count() })
        .from(verifyCodes)
        .where(
          and(eq(verifyCodes.phone, input.phone), gt(verifyCodes.sentAt, new Date(now.getTime() - limit.windowMs))),
        );
      if (Number(row?.n ?? 0) >= limit.max) fail(limit.key, "phone");
    }
    await tx.insert(verifyCodes).values({
      phone: input.phone,
      purpose: input.purpose,
      codeHash: codeHash(input.phone, input.purpose, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  try {
    await ctx.providers.sms.sendCode({ phone: input.phone, purpose: input.purpose, code });
  } catch (error) {
    if (!(error instanceof SmsSendError)) throw error;
    // Nothing was sent: the code never reached the phone, so it neither works nor counts against the limits.
    const unsent = codeHash(input.phone, input.purpose, code);
    await ctx.db
      .delete(verifyCodes)
      .where(and(eq(verifyCodes.phone, input.phone), eq(verifyCodes.codeHash, unsent), eq(verifyCodes.sentAt, now)));
    fail("SMS_SEND_FAILED", "phone");
  }
  await countSent(ctx, visitor, input.phone);
  return { sentAt: now, resendAfterMs: SMS_LIMITS[0].windowMs };
}

/**
 * Checks and uses up a code. A wrong code counts against the newest code
 * (dead after 5 wrong tries); a right one can be used once. The wrong-try count
 * is committed even though the caller then fails.
 */
export async function consumeVerifyCode(
  ctx: Ctx,
  _caller: Visitor,
  input: { phone: string; purpose: SmsPurpose; code: string; field?: string },
): Promise<void> {
  const field = input.field ?? "code";
  if (!CODE_PATTERN.test(input.code)) fail("CODE_INVALID", field);
  const now = ctx.now();
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const [latest] = await tx
      .select()
      .from(verifyCodes)
      .where(
        and(
          eq(verifyCodes.phone, input.phone),
          eq(verifyCodes.purpose, input.purpose),
          isNull(verifyCodes.usedAt),
          gte(verifyCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(verifyCodes.id))
      .limit(1)
      .for("update");
    if (!latest) return "CODE_INVALID" as const;
    if (latest.failedAttempts >= MAX_WRONG_TRIES) return "CODE_TOO_MANY_TRIES" as const;
    if (latest.codeHash !== codeHash(input.phone, input.purpose, input.code)) {
      await tx
        .update(verifyCodes)
        .set({ failedAttempts: sql`${verifyCodes.failedAttempts} + 1` })
        .where(eq(verifyCodes.id, latest.id));
      return latest.failedAttempts + 1 >= MAX_WRONG_TRIES
        ? ("CODE_TOO_MANY_TRIES" as const)
        : ("CODE_INVALID" as const);
    }
    const used = await tx
      .update(verifyCodes)
      .set({ usedAt: now })
      .where(and(eq(verifyCodes.id, latest.id), isNull(verifyCodes.usedAt)))
      .returning({ id: verifyCodes.id });
    return used.length === 1 ? ("OK" as const) : ("CODE_INVALID" as const);
  });
  if (outcome !== "OK") fail(outcome, field);
}
