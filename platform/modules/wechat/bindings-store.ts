import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { wechatBindings } from "../../db/wechat-schema";
import type { Ctx } from "../context";
import { sendAccountMessage } from "../notices/messages";

/** The open main account a WeChat user is bound to, or null. */
export async function accountOfOpenid(db: Db, openid: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: wechatBindings.userId })
    .from(wechatBindings)
    .innerJoin(users, eq(users.id, wechatBindings.userId))
    .where(and(eq(wechatBindings.openid, openid), isNull(users.closedAt)))
    .limit(1);
  return row?.userId ?? null;
}

/** The name a binding shows: its nickname, or "微信用户" when WeChat gave none. */
export const bindingName = (nickname: string | null) => nickname ?? "微信用户";

/**
 * Binds a WeChat user to a main account, with a site message, inside the caller's transaction. The unique index
 * on openid decides between two accounts at once: "taken" when the WeChat user is already another's, "already" when
 * it is this account's.
 */
export async function insertBinding(
  ctx: Pick<Ctx, "now">,
  tx: Db,
  input: { userId: number; openid: string; unionid: string | null; nickname: string | null },
): Promise<"bound" | "already" | "taken"> {
  const existing = await accountOfOpenidAnyState(tx, input.openid);
  if (existing !== null) return existing === input.userId ? "already" : "taken";
  const inserted = await tx
    .insert(wechatBindings)
    .values({ ...input, boundAt: ctx.now() })
    .onConflictDoNothing({ target: wechatBindings.openid })
    .returning({ id: wechatBindings.id });
  if (inserted.length === 0) return "taken";
  await sendAccountMessage(
    { db: tx, now: ctx.now },
    input.userId,
    `您的账号已绑定微信「${bindingName(input.nickname)}」，可使用微信扫码登录。如非本人操作，请在「账号安全」中解除绑定并修改密码。`,
  );
  return "bound";
}

/** Whoever holds the openid's binding, closed account or not (the unique index covers every row). */
async function accountOfOpenidAnyState(db: Db, openid: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: wechatBindings.userId })
    .from(wechatBindings)
    .where(eq(wechatBindings.openid, openid))
    .limit(1);
  return row?.userId ?? null;
}
