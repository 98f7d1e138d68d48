import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, lt } from "drizzle-orm";
import { wechatScenes, type WechatScenePurpose } from "../../db/wechat-schema";
import type { Ctx } from "../context";
import { fail } from "../errors";

/** A QR is valid 5 minutes (issue 38 §2); WeChat's expire_seconds is the same. */
export const SCENE_TTL_MS = 5 * 60_000;
/** After a scan, the browser has this long to finish (type a phone and its SMS code). */
export const AFTER_SCAN_MS = 10 * 60_000;

const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export const ticketHash = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

export interface NewScene {
  /** The polling browser's secret (shown once, kept only as a hash). */
  ticket: string;
  /** What the QR picture encodes. */
  qrContent: string;
  expiresAt: Date;
}

/**
 * A new scene and its QR: the provider makes the QR first (outside any transaction), then the scene is kept. A
 * bind scene belongs to the main account that asked.
 */
export async function createScene(ctx: Ctx, purpose: WechatScenePurpose, userId: number | null): Promise<NewScene> {
  const scene = randomBytes(16).toString("hex");
  const ticket = randomBytes(32).toString("base64url");
  const { qrContent } = await ctx.providers.wechat.createSceneQr(scene, SCENE_TTL_MS / 1000);
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + SCENE_TTL_MS);
  await ctx.db
    .insert(wechatScenes)
    .values({ scene, ticketHash: ticketHash(ticket), purpose, userId, createdAt: now, expiresAt });
  return { ticket, qrContent, expiresAt };
}

export type SceneRow = typeof wechatScenes.$inferSelect;

/** The scene of a ticket of this purpose (and account, for binding); a malformed or unknown ticket: not found. */
export async function sceneOfTicket(
  ctx: Pick<Ctx, "db">,
  ticket: string,
  purpose: WechatScenePurpose,
  userId: number | null,
): Promise<SceneRow> {
  if (!TICKET_SHAPE.test(ticket)) return fail("NOT_FOUND", "ticket", "二维码不存在或已失效");
  const [row] = await ctx.db
    .select()
    .from(wechatScenes)
    .where(and(eq(wechatScenes.ticketHash, ticketHash(ticket)), eq(wechatScenes.purpose, purpose)))
    .limit(1);
  if (!row || (userId !== null && row.userId !== userId)) return fail("NOT_FOUND", "ticket", "二维码不存在或已失效");
  return row;
}

/** Whether a scene is over: used, not scanned within its 5 minutes, or scanned too long ago. */
export function sceneIsOver(row: SceneRow, now: Date): boolean {
  if (row.usedAt) return true;
  if (!row.scannedAt) return row.expiresAt.getTime() <= now.getTime();
  return row.scannedAt.getTime() + AFTER_SCAN_MS <= now.getTime();
}

/** Scenes are kept a day past their end (a support question about a failed scan), then deleted. */
export const SCENE_KEEP_MS = 24 * 60 * 60_000;

/** Deletes scenes over for a day (at most `batch` a run; hourly). The expiry index finds them. */
export async function purgeOldWechatScenes(ctx: Pick<Ctx, "db" | "now">, batch = 1000): Promise<number> {
  const before = new Date(ctx.now().getTime() - SCENE_KEEP_MS - AFTER_SCAN_MS);
  const due = ctx.db
    .select({ id: wechatScenes.id })
    .from(wechatScenes)
    .where(lt(wechatScenes.expiresAt, before))
    .limit(batch);
  const deleted = await ctx.db
    .delete(wechatScenes)
    .where(inArray(wechatScenes.id, due))
    .returning({ id: wechatScenes.id });
  return deleted.length;
}
