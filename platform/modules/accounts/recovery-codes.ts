import { createHash, randomInt } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { twoStepRecoveryCodes } from "../../db/two-step-schema";

/** Recovery codes of two-step login (decision 103): 10, shown once, kept hashed, each used once. */
export const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/I/L: read from paper without doubt. 10 characters of 31 ≈ 49.5 bits each. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const HALF = 5;
export const RECOVERY_CODE_SHAPE = /^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/;

const hashOf = (code: string) => createHash("sha256").update(code).digest("hex");

/** How a user may type one: any case, spaces or no dash. */
export function normaliseRecoveryCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[\s-]/g, "");
  return bare.length === HALF * 2 ? `${bare.slice(0, HALF)}-${bare.slice(HALF)}` : bare;
}

function newCode(): string {
  const pick = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${pick()}-${pick()}`;
}

/** Replaces the account's codes with 10 new ones (inside the caller's transaction) and answers them, once. */
export async function replaceRecoveryCodes(db: Db, userId: number, now: Date): Promise<string[]> {
  await db.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  await db
    .insert(twoStepRecoveryCodes)
    .values([...codes].map((code) => ({ userId, codeHash: hashOf(code), createdAt: now })));
  return [...codes];
}

/** Spends one unused code of the account: true when it was one (and is now used), false otherwise. */
export async function spendRecoveryCode(db: Db, userId: number, typed: string, now: Date): Promise<boolean> {
  const code = normaliseRecoveryCode(typed);
  if (!RECOVERY_CODE_SHAPE.test(code)) return false;
  const spent = await db
    .update(twoStepRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoStepRecoveryCodes.userId, userId),
        eq(twoStepRecoveryCodes.codeHash, hashOf(code)),
        isNull(twoStepRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoStepRecoveryCodes.id });
  return spent.length === 1;
}

/** How many unused codes the account has left. */
export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const rows = await db
    .select({ id: twoStepRecoveryCodes.id })
    .from(twoStepRecoveryCodes)
    .where(and(eq(twoStepRecoveryCodes.userId, userId), isNull(twoStepRecoveryCodes.usedAt)));
  return rows.length;
}
