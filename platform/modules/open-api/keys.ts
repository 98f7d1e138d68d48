import { randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, isNull, or } from "drizzle-orm";
import { users } from "../../db/schema";
import { openApiKeys, type OpenApiScope } from "../../db/open-api-schema";
import { inTransaction } from "../../db/tx";
import { beijingDateTime } from "../../rules/beijing-time";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { mainAccountOf } from "../finance/scope";
import { sendAccountMessage } from "../notices/messages";
import { sealKeySecret } from "./sealing";

/** Live keys a main account may hold at once (issue 38 §4). */
export const MAX_OPEN_API_KEYS = 5;

export interface NewOpenApiKey {
  name: string;
  scopes: OpenApiScope[];
  /** Canonical allow-list entries (rules/address-allow-list.ts); empty: any address. */
  allowedAddresses: string[];
  expiresAt: Date | null;
}

export interface OpenApiKeyView {
  id: number;
  accessKeyId: string;
  name: string;
  scopes: OpenApiScope[];
  allowedAddresses: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedAddress: string | null;
}

/** A key is live until it is revoked or expires. */
const live = (now: Date) =>
  and(isNull(openApiKeys.revokedAt), or(isNull(openApiKeys.expiresAt), gt(openApiKeys.expiresAt, now)));

/**
 * Creates a key for the caller's main account (sub-accounts may not) and answers it with its secret: the only time
 * the secret leaves the platform. The account row is locked while live keys are counted, so two creations at once
 * never make a sixth.
 */
export async function createOpenApiKey(
  ctx: Ctx,
  caller: Caller,
  input: NewOpenApiKey,
): Promise<{ key: OpenApiKeyView; secret: string }> {
  const userId = mainAccountOf(caller);
  const now = ctx.now();
  if (input.expiresAt && input.expiresAt.getTime() <= now.getTime())
    fail("BAD_REQUEST", "expires_at", "过期时间须晚于现在");
  const accessKeyId = `ak${randomBytes(12).toString("hex")}`;
  const secret = randomBytes(32).toString("base64url");
  const secretSealed = sealKeySecret(ctx.personalData, accessKeyId, secret);
  return inTransaction(ctx.db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [held] = await tx
      .select({ n: count() })
      .from(openApiKeys)
      .where(and(eq(openApiKeys.userId, userId), live(now)));
    if ((held?.n ?? 0) >= MAX_OPEN_API_KEYS) fail("OPEN_API_KEY_LIMIT");
    const [row] = await tx
      .insert(openApiKeys)
      .values({ userId, accessKeyId, secretSealed, createdAt: now, ...input })
      .returning();
    await sendAccountMessage(
      { db: tx, now: () => now },
      userId,
      `您于 ${beijingDateTime(now)}（北京时间）创建了访问密钥“${input.name}”（${accessKeyId}）。如非本人操作，请立即删除该密钥并修改密码。`,
    );
    return { key: toView(row!), secret };
  });
}

function toView(row: typeof openApiKeys.$inferSelect): OpenApiKeyView {
  return {
    id: row.id,
    accessKeyId: row.accessKeyId,
    name: row.name,
    scopes: row.scopes as OpenApiScope[],
    allowedAddresses: row.allowedAddresses,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    lastUsedAddress: row.lastUsedAddress,
  };
}

/** The caller's live keys, oldest first, with their last use; never a secret. */
export async function listOpenApiKeys(ctx: Ctx, caller: Caller): Promise<OpenApiKeyView[]> {
  const userId = mainAccountOf(caller);
  const rows = await ctx.db
    .select()
    .from(openApiKeys)
    .where(and(eq(openApiKeys.userId, userId), live(ctx.now())))
    .orderBy(asc(openApiKeys.createdAt), asc(openApiKeys.id));
  return rows.map(toView);
}

/** Revokes one of the caller's keys at once: the next request signed with it is refused. Another account's key is not found. */
export async function revokeOpenApiKey(ctx: Ctx, caller: Caller, input: { id: number }): Promise<void> {
  const userId = mainAccountOf(caller);
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .update(openApiKeys)
      .set({ revokedAt: now })
      .where(and(eq(openApiKeys.id, input.id), eq(openApiKeys.userId, userId), isNull(openApiKeys.revokedAt)))
      .returning({ name: openApiKeys.name, accessKeyId: openApiKeys.accessKeyId });
    if (!row) return fail("OPEN_API_KEY_NOT_FOUND");
    await sendAccountMessage(
      { db: tx, now: () => now },
      userId,
      `您于 ${beijingDateTime(now)}（北京时间）删除了访问密钥“${row.name}”（${row.accessKeyId}），使用该密钥的请求将被拒绝。`,
    );
  });
}
