import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { users } from "../../db/schema";
import { wechatScenes } from "../../db/wechat-schema";
import { inTransaction } from "../../db/tx";
import { PHONE_PATTERN } from "../../rules/validation";
import { signIn } from "../accounts/login";
import { consumeVerifyCode } from "../accounts/verify-codes";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import { forgetAuthFailures, guardAuthAttempt, recordAuthFailure } from "../security/auth-guard";
import type { CaptchaAnswer } from "../security/captcha";
import { addHits, countHits } from "../security/rate-counters";
import { accountOfOpenid, insertBinding } from "./bindings-store";
import { createScene, sceneIsOver, sceneOfTicket, type NewScene, type SceneRow } from "./scenes";

/** Login QRs one client address may ask for in 10 minutes (each is a call to WeChat and a row). */
export const LOGIN_QRS_PER_ADDRESS = 30;
const QR_WINDOW_MS = 10 * 60_000;

/**
 * A login QR for whoever asks (the login page's 微信登录 tab); a known address asking for more than 30 in 10 minutes is
 * refused (an unknown one is not limited here: addresses are never counted together).
 */
export async function createLoginScene(ctx: Ctx, visitor: Visitor): Promise<NewScene> {
  const ip = visitor.origin.ip;
  if (ip) {
    const [asked = 0] = await countHits(ctx.db, ctx.now(), [
      { bucket: "wechat_qr_address", subject: ip, windowMs: QR_WINDOW_MS },
    ]);
    if (asked >= LOGIN_QRS_PER_ADDRESS) fail("WECHAT_QR_RATE");
    await addHits(ctx.db, ctx.now(), [{ bucket: "wechat_qr_address", subject: ip }]);
  }
  return createScene(ctx, "login", null);
}

type SignedIn = Awaited<ReturnType<typeof signIn>>;

/**
 * Where a login scene is: waiting for a scan; expired (or used); signed in (the session, once: the scene is used by
 * the poll that wins it); or scanned by a WeChat user bound to no account, who must bind a phone.
 */
export type LoginStatus =
  | { state: "waiting"; expiresAt: Date }
  | { state: "expired" }
  | { state: "signed_in"; session: SignedIn }
  | { state: "bind_phone"; nickname: string | null };

/** Marks the scene used; true only for the one caller that did (concurrent polls: one wins). */
async function useScene(ctx: Ctx, row: SceneRow): Promise<boolean> {
  const used = await ctx.db
    .update(wechatScenes)
    .set({ usedAt: ctx.now() })
    .where(and(eq(wechatScenes.id, row.id), isNull(wechatScenes.usedAt), isNotNull(wechatScenes.scannedAt)))
    .returning({ id: wechatScenes.id });
  return used.length === 1;
}

/** The login page's poll (get_login_status). */
export async function loginStatus(ctx: Ctx, visitor: Visitor, ticket: string): Promise<LoginStatus> {
  const row = await sceneOfTicket(ctx, ticket, "login", null);
  if (sceneIsOver(row, ctx.now())) return { state: "expired" };
  if (!row.openid) return { state: "waiting", expiresAt: row.expiresAt };
  const userId = await accountOfOpenid(ctx.db, row.openid);
  if (userId === null) return { state: "bind_phone", nickname: row.nickname };
  if (!(await useScene(ctx, row))) return { state: "expired" };
  return { state: "signed_in", session: await signIn(ctx, visitor, { userId }, "wechat") };
}

/**
 * A WeChat user bound to no account binds the phone of an existing main account (its "login" SMS code) and is
 * signed in. A phone without an account is refused with the way to register (decision 105): registering needs a
 * password and the agreements, which this step does not ask.
 */
export async function bindPhoneAndSignIn(
  ctx: Ctx,
  visitor: Visitor,
  input: { ticket: string; phone: string; code: string; captcha?: CaptchaAnswer },
): Promise<SignedIn> {
  const row = await sceneOfTicket(ctx, input.ticket, "login", null);
  if (sceneIsOver(row, ctx.now()) || !row.openid) return fail("NOT_FOUND", "ticket", "二维码已失效，请重新扫码");
  if (!PHONE_PATTERN.test(input.phone)) fail("PHONE_INVALID", "phone");
  await guardAuthAttempt(ctx, visitor, { subject: input.phone, captcha: input.captcha });
  try {
    await consumeVerifyCode(ctx, visitor, { phone: input.phone, purpose: "login", code: input.code });
  } catch (error) {
    await recordAuthFailure(ctx, visitor, input.phone);
    throw error;
  }
  await forgetAuthFailures(ctx, input.phone);
  const [account] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, input.phone), isNull(users.closedAt)))
    .limit(1);
  if (!account) return fail("ACCOUNT_NOT_FOUND", "phone", "该手机号尚未注册，请先注册账号，再用微信扫码绑定");
  const openid = row.openid;
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const used = await tx
      .update(wechatScenes)
      .set({ usedAt: ctx.now() })
      .where(and(eq(wechatScenes.id, row.id), isNull(wechatScenes.usedAt)))
      .returning({ id: wechatScenes.id });
    if (used.length === 0) return "used" as const;
    return insertBinding(ctx, tx, {
      userId: account.id,
      openid,
      unionid: row.unionid,
      nickname: row.nickname,
    });
  });
  if (outcome === "used") return fail("NOT_FOUND", "ticket", "二维码已失效，请重新扫码");
  if (outcome === "taken") return fail("BAD_REQUEST", "phone", "该微信已绑定其他账号，一个微信只能绑定一个账号");
  return signIn(ctx, visitor, { userId: account.id }, "wechat");
}
