import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { twoStepSecrets } from "../../db/two-step-schema";
import type { Ctx } from "../context";
import { openPersonalText } from "../security/personal-data-cipher";
import { spendRecoveryCode } from "./recovery-codes";
import { TOTP_CODE_SHAPE, totpStepOf } from "./totp";

/** Where an account's TOTP secret is sealed (a sealed value copied to another account's row does not open). */
export const secretContext = (userId: number) => `two-step:${userId}`;

/** The account's two-step setting, or undefined while it is off. */
export async function twoStepOf(db: Db, userId: number) {
  const [row] = await db.select().from(twoStepSecrets).where(eq(twoStepSecrets.userId, userId));
  return row;
}

/**
 * A second factor of an account with two-step on: a current TOTP code (its step newer than the last one accepted;
 * the step is taken atomically, so the same code never passes twice) or an unused recovery code (spent). Answers how
 * it passed, or null (wrong, reused, or two-step is off).
 */
export async function passSecondFactor(
  ctx: Pick<Ctx, "db" | "personalData">,
  userId: number,
  typed: string,
  now: Date,
): Promise<"totp" | "recovery" | null> {
  const code = typed.trim();
  const setting = await twoStepOf(ctx.db, userId);
  if (!setting) return null;
  if (!TOTP_CODE_SHAPE.test(code)) return (await spendRecoveryCode(ctx.db, userId, code, now)) ? "recovery" : null;
  const secret = openPersonalText(ctx.personalData, setting.secretSealed, secretContext(userId));
  const step = totpStepOf(secret, code, now);
  if (step === null) return null;
  const taken = await ctx.db
    .update(twoStepSecrets)
    .set({ lastStep: step })
    .where(and(eq(twoStepSecrets.userId, userId), lt(twoStepSecrets.lastStep, step)))
    .returning({ userId: twoStepSecrets.userId });
  return taken.length === 1 ? "totp" : null;
}
