import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { createChallenge, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import svgCaptcha, { type ConfigObject } from "svg-captcha";
import { captchaChallenges } from "../../db/schema";
import type { Ctx } from "../context";

/** How long a challenge may be answered. */
export const CAPTCHA_TTL_MS = 5 * 60_000;
/** Characters of the image code: no 0/O, 1/I/L, which people confuse. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 5;
/**
 * The proof of work: SHA-256 of salt and counter until the key matches, with
 * the counter drawn from this range. About 0.1 s in Node, 1–2 s in a phone's
 * browser (Web Crypto); see docs/decisions/025.
 */
export const POW_COUNTER_RANGE = [40_000, 80_000] as const;

/** A new challenge: its id, the image (SVG text), the proof-of-work puzzle, and when it expires. */
export interface CaptchaChallenge {
  id: string;
  imageSvg: string;
  pow: Challenge;
  expiresAt: Date;
}

/** What a client answered: the challenge's id and the image's characters or a solved puzzle. */
export interface CaptchaAnswer {
  id?: string;
  code?: string;
  /** base64 of ALTCHA's JSON payload {challenge, solution}. */
  pow?: string;
}

/** svg-captcha's module is itself the function that draws a given text; its types only declare `create`. */
const drawCode = svgCaptcha as unknown as (text: string, options: ConfigObject) => string;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The image's characters follow from the challenge's secret, so only its hash is stored. */
function imageCode(secret: string): string {
  const bytes = createHmac("sha256", secret).update("image-code").digest();
  return Array.from(bytes.subarray(0, CODE_LENGTH), (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** Upper case without spaces: "ab c12" is read as "ABC12". */
function normaliseCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}

export async function createCaptcha(ctx: Ctx): Promise<CaptchaChallenge> {
  const now = ctx.now();
  const id = randomBytes(16).toString("base64url");
  const secret = randomBytes(32).toString("base64url");
  const code = imageCode(secret);
  const expiresAt = new Date(now.getTime() + CAPTCHA_TTL_MS);
  const pow = await createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: randomInt(POW_COUNTER_RANGE[0], POW_COUNTER_RANGE[1]),
    deriveKey,
    hmacSignatureSecret: secret,
    data: { id },
    expiresAt,
  });
  await ctx.db.insert(captchaChallenges).values({
    id,
    answerHash: sha256(`${id}:${code}`),
    powSecret: secret,
    createdAt: now,
    expiresAt,
  });
  if (randomInt(0, 200) === 0)
    await ctx.db
      .delete(captchaChallenges)
      .where(lt(captchaChallenges.expiresAt, new Date(now.getTime() - CAPTCHA_TTL_MS)));
  const imageSvg = drawCode(code, {
    width: 150,
    height: 50,
    fontSize: 52,
    noise: 3,
    // Dark grey characters (#000–#444) on the page's white: a background would switch svg-captcha to
    // random light colours (a pale yellow "8JK62" was hard to read).
    color: false,
  });
  return { id, imageSvg, pow, expiresAt };
}

function decodePow(pow: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const payload = JSON.parse(Buffer.from(pow, "base64").toString("utf8")) as unknown;
    if (typeof payload !== "object" || payload === null) return null;
    const { challenge, solution } = payload as { challenge?: Challenge; solution?: Solution };
    if (typeof challenge?.parameters !== "object" || typeof solution?.counter !== "number") return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

async function powPasses(id: string, secret: string, pow: string, now: Date): Promise<boolean> {
  const payload = decodePow(pow);
  if (!payload || payload.challenge.parameters.data?.id !== id) return false;
  const expiresAt = payload.challenge.parameters.expiresAt;
  if (typeof expiresAt !== "number" || expiresAt * 1000 < now.getTime()) return false;
  try {
    const result = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret: secret });
    return result.verified;
  } catch {
    return false;
  }
}

function codePasses(id: string, answerHash: string, code: string): boolean {
  const given = Buffer.from(sha256(`${id}:${normaliseCode(code)}`));
  const stored = Buffer.from(answerHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Checks an answer and uses the challenge up, whether the answer is right or
 * not: each challenge gets one try, so guessing the image means fetching a new
 * image each time. "missing" when no challenge was named.
 */
export async function passCaptcha(ctx: Ctx, answer: CaptchaAnswer): Promise<"passed" | "missing" | "failed"> {
  if (!answer.id) return "missing";
  const now = ctx.now();
  const [row] = await ctx.db
    .update(captchaChallenges)
    .set({ usedAt: now })
    .where(
      and(eq(captchaChallenges.id, answer.id), isNull(captchaChallenges.usedAt), gt(captchaChallenges.expiresAt, now)),
    )
    .returning({ answerHash: captchaChallenges.answerHash, secret: captchaChallenges.powSecret });
  if (!row) return "failed";
  if (answer.code && codePasses(answer.id, row.answerHash, answer.code)) return "passed";
  if (answer.pow && (await powPasses(answer.id, row.secret, answer.pow, now))) return "passed";
  return "failed";
}

/** The sandbox's view of a challenge: its image code, so tests and testers can answer it (never mounted in production). */
export async function sandboxCaptchaCode(ctx: Ctx, id: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ secret: captchaChallenges.powSecret })
    .from(captchaChallenges)
    .where(eq(captchaChallenges.id, id))
    .limit(1);
  return row ? imageCode(row.secret) : null;
}
