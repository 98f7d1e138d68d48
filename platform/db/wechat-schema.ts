import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { users } from "./schema";

/*
 * WeChat login and binding (issue 38 §2, decisions 105–106).
 *
 * A scene is one attempt: a parametric QR code of the official account (scene_str, 5 minutes) shown to one
 * browser. The browser polls with its own ticket (only its hash is kept; the QR's scene never signs anyone in by
 * itself). The event push (or the sandbox page) records which WeChat user scanned it; the scene is then used once.
 */

export const WECHAT_SCENE_PURPOSES = ["login", "bind"] as const;
export type WechatScenePurpose = (typeof WECHAT_SCENE_PURPOSES)[number];

/** A bind scene's outcome once scanned: bound, or refused because the WeChat user is another account's. */
export const WECHAT_BIND_OUTCOMES = ["bound", "taken"] as const;
export type WechatBindOutcome = (typeof WECHAT_BIND_OUTCOMES)[number];

export const wechatScenes = pgTable(
  "wechat_scenes",
  {
    id: id(),
    /** The QR's scene_str: random, never a secret on its own. */
    scene: text("scene").notNull(),
    /** sha256 of the polling browser's ticket. */
    ticketHash: text("ticket_hash").notNull(),
    purpose: text("purpose", { enum: WECHAT_SCENE_PURPOSES }).notNull(),
    /** A bind scene's account (the signed-in main account that asked); null for login. */
    userId: bigint("user_id", { mode: "number" }).references(() => users.id),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    /** The WeChat user who scanned first, with what user info said. */
    openid: text("openid"),
    unionid: text("unionid"),
    nickname: text("nickname"),
    scannedAt: at("scanned_at"),
    bindOutcome: text("bind_outcome", { enum: WECHAT_BIND_OUTCOMES }),
    /** When the scene was used (a session issued, a binding reported): never again. */
    usedAt: at("used_at"),
  },
  (t) => [
    uniqueIndex("wechat_scenes_scene_uq").on(t.scene),
    uniqueIndex("wechat_scenes_ticket_uq").on(t.ticketHash),
    index("wechat_scenes_expires_idx").on(t.expiresAt),
    check("wechat_scenes_purpose_known", sql`${t.purpose} in ('login', 'bind')`),
    check("wechat_scenes_bind_has_user", sql`(${t.purpose} = 'bind') = (${t.userId} is not null)`),
  ],
);

/** A WeChat user bound to a main account: one WeChat user (openid) binds at most one account. */
export const wechatBindings = pgTable(
  "wechat_bindings",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    openid: text("openid").notNull(),
    unionid: text("unionid"),
    nickname: text("nickname"),
    boundAt: at("bound_at").notNull(),
  },
  (t) => [uniqueIndex("wechat_bindings_openid_uq").on(t.openid), index("wechat_bindings_user_idx").on(t.userId)],
);

export const wechatSchema = { wechatScenes, wechatBindings };
