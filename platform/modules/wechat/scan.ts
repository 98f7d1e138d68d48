import { and, eq, gt, isNull } from "drizzle-orm";
import { wechatScenes } from "../../db/wechat-schema";
import { inTransaction } from "../../db/tx";
import type { WechatScanEvent } from "../../providers/wechat/types";
import type { Ctx } from "../context";
import { insertBinding } from "./bindings-store";

/** What a scan did: nothing (unknown, expired or already scanned scene), or recorded it. */
export type ScanOutcome = "ignored" | "recorded";

/**
 * A WeChat user scanned a scene's QR: from the official account's event push, or the sandbox page (the same code).
 * The first scan within the QR's 5 minutes counts; the user's info is asked first, outside any transaction. A bind
 * scene binds at once (or notes that the WeChat user is another account's); a login scene waits for its browser.
 */
export async function recordScan(ctx: Ctx, event: WechatScanEvent): Promise<ScanOutcome> {
  const now = ctx.now();
  const [scene] = await ctx.db
    .select({ id: wechatScenes.id })
    .from(wechatScenes)
    .where(and(eq(wechatScenes.scene, event.scene), isNull(wechatScenes.scannedAt), gt(wechatScenes.expiresAt, now)))
    .limit(1);
  if (!scene) return "ignored";
  const info = await ctx.providers.wechat.userInfo(event.openid);
  return inTransaction(ctx.db, async (tx) => {
    const [scanned] = await tx
      .update(wechatScenes)
      .set({ openid: event.openid, unionid: info.unionid, nickname: info.nickname, scannedAt: now })
      .where(and(eq(wechatScenes.id, scene.id), isNull(wechatScenes.scannedAt)))
      .returning({ purpose: wechatScenes.purpose, userId: wechatScenes.userId });
    if (!scanned) return "ignored";
    if (scanned.purpose === "bind" && scanned.userId !== null) {
      const outcome = await insertBinding(ctx, tx, {
        userId: scanned.userId,
        openid: event.openid,
        unionid: info.unionid,
        nickname: info.nickname,
      });
      await tx
        .update(wechatScenes)
        .set({ bindOutcome: outcome === "taken" ? "taken" : "bound" })
        .where(eq(wechatScenes.id, scene.id));
    }
    return "recorded";
  });
}
