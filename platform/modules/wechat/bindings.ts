import { and, asc, eq } from "drizzle-orm";
import { wechatBindings } from "../../db/wechat-schema";
import { inTransaction } from "../../db/tx";
import { consumeVerifyCode, sendVerifyCode, type SentCode } from "../accounts/verify-codes";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { sendAccountMessage } from "../notices/messages";
import type { CaptchaAnswer } from "../security/captcha";
import { bindingName } from "./bindings-store";
import { createScene, sceneIsOver, sceneOfTicket, type NewScene } from "./scenes";
import { ownPhoneOf } from "../accounts/own-phone";

/** Only a main account binds WeChat users; a sub-account is refused. */
function mainAccountOf(caller: Caller): number {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED", undefined, "子账号不能绑定微信");
  return caller.userId;
}

export interface WechatBinding {
  id: number;
  nickname: string;
  boundAt: Date;
}

/** The WeChat users bound to the caller's account, oldest first. */
export async function listBindings(ctx: Pick<Ctx, "db">, caller: Caller): Promise<WechatBinding[]> {
  const userId = mainAccountOf(caller);
  const rows = await ctx.db
    .select({ id: wechatBindings.id, nickname: wechatBindings.nickname, boundAt: wechatBindings.boundAt })
    .from(wechatBindings)
    .where(eq(wechatBindings.userId, userId))
    .orderBy(asc(wechatBindings.id));
  return rows.map((r) => ({ id: r.id, nickname: bindingName(r.nickname), boundAt: r.boundAt }));
}

/** A bind QR for the caller's account (get_bind_qrcode). */
export function createBindScene(ctx: Ctx, caller: Caller): Promise<NewScene> {
  return createScene(ctx, "bind", mainAccountOf(caller));
}

export type BindStatus =
  | { state: "waiting"; expiresAt: Date }
  | { state: "expired" }
  | { state: "bound"; nickname: string }
  | { state: "taken" };

/** Where the caller's own bind scene is (get_bind_status); another account's ticket: not found. */
export async function bindStatus(ctx: Ctx, caller: Caller, ticket: string): Promise<BindStatus> {
  const row = await sceneOfTicket(ctx, ticket, "bind", mainAccountOf(caller));
  if (row.bindOutcome === "bound") return { state: "bound", nickname: bindingName(row.nickname) };
  if (row.bindOutcome === "taken") return { state: "taken" };
  if (sceneIsOver(row, ctx.now())) return { state: "expired" };
  return { state: "waiting", expiresAt: row.expiresAt };
}

/** A wechat_unbind code to the account's own phone. */
export async function sendUnbindCode(ctx: Ctx, caller: Caller, captcha?: CaptchaAnswer): Promise<SentCode> {
  const phone = await ownPhoneOf(ctx, mainAccountOf(caller));
  return sendVerifyCode(ctx, caller, { phone, purpose: "wechat_unbind", captcha });
}

/** Unbinds one of the caller's WeChat users with the code sent to the account's phone; a site message says so. */
export async function unbindWechat(
  ctx: Ctx,
  caller: Caller,
  input: { bindingId: number; code: string },
): Promise<void> {
  const userId = mainAccountOf(caller);
  const notFound = () => fail("NOT_FOUND", "binding_id", "该微信绑定不存在");
  const [binding] = await ctx.db
    .select({ id: wechatBindings.id, nickname: wechatBindings.nickname })
    .from(wechatBindings)
    .where(and(eq(wechatBindings.id, input.bindingId), eq(wechatBindings.userId, userId)));
  if (!binding) return notFound();
  const phone = await ownPhoneOf(ctx, userId);
  await consumeVerifyCode(ctx, caller, { phone, purpose: "wechat_unbind", code: input.code });
  await inTransaction(ctx.db, async (tx) => {
    const removed = await tx
      .delete(wechatBindings)
      .where(and(eq(wechatBindings.id, binding.id), eq(wechatBindings.userId, userId)))
      .returning({ id: wechatBindings.id });
    if (removed.length === 0) return notFound();
    await sendAccountMessage(
      { db: tx, now: ctx.now },
      userId,
      `您的账号已解除与微信「${bindingName(binding.nickname)}」的绑定，该微信不能再扫码登录此账号。`,
    );
  });
}
