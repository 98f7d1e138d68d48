import { eq } from "drizzle-orm";
import { twoStepRecoveryCodes, twoStepSecrets } from "../../db/two-step-schema";
import { users } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { beijingDateTime } from "../../rules/beijing-time";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { sendAccountMessage } from "../notices/messages";
import { forgetAuthFailures, guardAuthAttempt, recordAuthFailure } from "../security/auth-guard";
import type { CaptchaAnswer } from "../security/captcha";
import { openPersonalText, PersonalDataSealError, sealPersonalData } from "../security/personal-data-cipher";
import { recoveryCodesLeft, replaceRecoveryCodes } from "./recovery-codes";
import { newTotpSecret, totpLink, totpStepOf } from "./totp";
import { passSecondFactor, secretContext, twoStepOf } from "./two-step-factor";
import { maskPhone } from "./user-info";

/** How long a secret shown for scanning may still be confirmed: time to install an app and scan. */
export const TWO_STEP_SETUP_TTL_MS = 15 * 60_000;
/** The issuer the authenticator app shows beside the account. */
export const TOTP_ISSUER = "算力云";

const pendingContext = (userId: number) => `two-step-pending:${userId}`;

/** Two-step login belongs to the main account's own sign-in (decision 103): a sub-account cannot set it. */
function mainAccountOf(caller: Caller): number {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED", undefined, "子账号不能设置两步验证");
  return caller.userId;
}

async function phoneOf(ctx: Ctx, userId: number): Promise<string> {
  const [account] = await ctx.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return account ? account.phone : fail("SESSION_INVALID");
}

export interface TwoStepStatus {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

export async function twoStepStatus(ctx: Ctx, caller: Caller): Promise<TwoStepStatus> {
  const userId = mainAccountOf(caller);
  const setting = await twoStepOf(ctx.db, userId);
  if (!setting) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  return { enabled: true, enabledAt: setting.enabledAt, recoveryCodesLeft: await recoveryCodesLeft(ctx.db, userId) };
}

export interface TwoStepSetup {
  /** Base32, for typing into the app by hand. */
  secret: string;
  /** The otpauth:// link the QR code shows. */
  link: string;
  /** The secret sealed for this account with its time (the page keeps it in a hidden field, never in a URL). */
  pending: string;
  expiresAt: Date;
}

/** 开启 step 1: a new secret to scan. Nothing is stored until a code of it is confirmed. */
export async function beginTwoStep(ctx: Ctx, caller: Caller): Promise<TwoStepSetup> {
  const userId = mainAccountOf(caller);
  if (await twoStepOf(ctx.db, userId)) fail("BAD_REQUEST", "code", "两步验证已开启");
  const secret = newTotpSecret();
  const now = ctx.now();
  const pending = sealPersonalData(
    ctx.personalData,
    JSON.stringify({ secret, at: now.getTime() }),
    pendingContext(userId),
  );
  const link = totpLink(secret, maskPhone(await phoneOf(ctx, userId)), TOTP_ISSUER);
  return { secret, link, pending, expiresAt: new Date(now.getTime() + TWO_STEP_SETUP_TTL_MS) };
}

function openPending(ctx: Ctx, userId: number, pending: string): string {
  const expired = () => fail("BAD_REQUEST", "code", "二维码已过期，请重新开启两步验证");
  let opened: { secret?: unknown; at?: unknown };
  try {
    opened = JSON.parse(openPersonalText(ctx.personalData, pending, pendingContext(userId))) as typeof opened;
  } catch (error) {
    if (error instanceof PersonalDataSealError || error instanceof SyntaxError) return expired();
    throw error;
  }
  const { secret, at } = opened;
  if (typeof secret !== "string" || typeof at !== "number") return expired();
  if (ctx.now().getTime() - at > TWO_STEP_SETUP_TTL_MS) return expired();
  return secret;
}

/**
 * 开启 step 2: a current code of the scanned secret turns two-step login on. In one transaction the secret is stored
 * sealed, 10 recovery codes made and a site message left. Answers the recovery codes: the only time they are shown.
 */
export async function enableTwoStep(
  ctx: Ctx,
  caller: Caller,
  input: { pending: string; code: string },
): Promise<{ recoveryCodes: string[] }> {
  const userId = mainAccountOf(caller);
  const secret = openPending(ctx, userId, input.pending);
  const now = ctx.now();
  const step = totpStepOf(secret, input.code.trim(), now);
  if (step === null) return fail("BAD_REQUEST", "code", "验证码错误，请输入验证器应用当前显示的 6 位数字");
  return inTransaction(ctx.db, async (tx) => {
    const added = await tx
      .insert(twoStepSecrets)
      .values({
        userId,
        secretSealed: sealPersonalData(ctx.personalData, secret, secretContext(userId)),
        enabledAt: now,
        lastStep: step,
      })
      .onConflictDoNothing()
      .returning({ userId: twoStepSecrets.userId });
    if (added.length === 0) return fail("BAD_REQUEST", "code", "两步验证已开启");
    const recoveryCodes = await replaceRecoveryCodes(tx, userId, now);
    await sendAccountMessage(
      { db: tx, now: () => now },
      userId,
      `您的账号已于 ${beijingDateTime(now)}（北京时间）开启两步验证，登录时需输入验证器应用中的验证码。如非本人操作，请立即修改密码并联系客服。`,
    );
    return { recoveryCodes };
  });
}

/**
 * Turning off and new recovery codes ask for a current code or a recovery code. A wrong one counts as a failed
 * sign-in of the phone (the CAPTCHA rules of decision 025), so a stolen session cannot try codes freely.
 */
async function requireSecondFactor(ctx: Ctx, caller: Caller, userId: number, code: string, captcha?: CaptchaAnswer) {
  const phone = await phoneOf(ctx, userId);
  await guardAuthAttempt(ctx, caller, { subject: phone, captcha });
  if (!(await twoStepOf(ctx.db, userId))) fail("BAD_REQUEST", "code", "两步验证未开启");
  if (!(await passSecondFactor(ctx, userId, code, ctx.now()))) {
    await recordAuthFailure(ctx, caller, phone);
    fail("BAD_REQUEST", "code", "验证码错误或已使用");
  }
  await forgetAuthFailures(ctx, phone);
}

/** 关闭两步验证: the secret and the recovery codes are deleted, a site message left. Sessions stay (decision 103). */
export async function disableTwoStep(
  ctx: Ctx,
  caller: Caller,
  input: { code: string; captcha?: CaptchaAnswer },
): Promise<void> {
  const userId = mainAccountOf(caller);
  await requireSecondFactor(ctx, caller, userId, input.code, input.captcha);
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
    await tx.delete(twoStepSecrets).where(eq(twoStepSecrets.userId, userId));
    await sendAccountMessage(
      { db: tx, now: () => now },
      userId,
      `您的账号已于 ${beijingDateTime(now)}（北京时间）关闭两步验证。如非本人操作，请立即修改密码并联系客服。`,
    );
  });
}

/** 重新生成恢复码: the old codes stop working; the 10 new ones are answered once. */
export async function regenerateRecoveryCodes(
  ctx: Ctx,
  caller: Caller,
  input: { code: string; captcha?: CaptchaAnswer },
): Promise<{ recoveryCodes: string[] }> {
  const userId = mainAccountOf(caller);
  await requireSecondFactor(ctx, caller, userId, input.code, input.captcha);
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const recoveryCodes = await replaceRecoveryCodes(tx, userId, now);
    await sendAccountMessage(
      { db: tx, now: () => now },
      userId,
      `您的账号已于 ${beijingDateTime(now)}（北京时间）重新生成两步验证恢复码，原恢复码已失效。`,
    );
    return { recoveryCodes };
  });
}
