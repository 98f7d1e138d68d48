import { timingSafeEqual } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import { openApiKeys, openApiNonces, type OpenApiScope } from "../../db/open-api-schema";
import { addressAllowed } from "../../rules/address-allow-list";
import type { Caller, Ctx, Visitor } from "../context";
import { fail } from "../errors";
import { addHitThisMinute, GRANULE_MS } from "../security/rate-counters";
import { openKeySecret } from "./sealing";
import { signRequest, type SignedParts } from "./signing";

/** How far a request's X-Timestamp may be from the server's clock, either way (issue 38 §4). */
export const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;
/** Signed requests one key may make per minute (a fixed minute: the counter resets on the minute). */
export const REQUESTS_PER_MINUTE = 60;
/** About one verification in this many also deletes nonces that can no longer be replayed. */
const PRUNE_ONE_IN = 200;

const TIMESTAMP = /^\d{1,12}$/;
const NONCE = /^[A-Za-z0-9_-]{8,64}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;
const KEY_ID = /^ak[0-9a-f]{24}$/;

/** A signed request as it arrived: its headers (null when absent) and what was signed. */
export interface SignedRequest {
  keyId: string | null;
  timestamp: string | null;
  nonce: string | null;
  signature: string | null;
  method: string;
  path: string;
  query: string;
  body: Uint8Array;
}

/**
 * Checks a signed open API request and answers the caller it acts as: the key's main account (never a
 * sub-account; `sessionId` 0, since no session is behind it). Each refusal has its own error key (decision 110), in
 * this order: headers, key (unknown, revoked, expired), signature, timestamp, address, scope, rate, nonce. The nonce
 * is used only by a request that passed every other check, atomically: of two requests with one nonce, one passes.
 */
export async function verifySignedRequest(
  ctx: Ctx,
  visitor: Visitor,
  request: SignedRequest,
  scope: OpenApiScope | null,
): Promise<Caller> {
  const { keyId, timestamp, nonce, signature } = request;
  if (!keyId || !timestamp || !nonce || !signature) return fail("OPEN_API_HEADERS_MISSING");
  if (!KEY_ID.test(keyId)) return fail("OPEN_API_KEY_UNKNOWN");
  if (!TIMESTAMP.test(timestamp) || !NONCE.test(nonce) || !SIGNATURE.test(signature))
    return fail("OPEN_API_SIGNATURE_INVALID");

  const [found] = await ctx.db
    .select({ key: openApiKeys, closedAt: users.closedAt })
    .from(openApiKeys)
    .innerJoin(users, eq(users.id, openApiKeys.userId))
    .where(eq(openApiKeys.accessKeyId, keyId));
  // A closed account's keys died with it.
  if (!found || found.closedAt) return fail("OPEN_API_KEY_UNKNOWN");
  const key = found.key;
  const now = ctx.now();
  if (key.revokedAt) return fail("OPEN_API_KEY_REVOKED");
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return fail("OPEN_API_KEY_EXPIRED");

  const parts: SignedParts = { ...request, timestamp, nonce };
  const expected = Buffer.from(signRequest(openKeySecret(ctx.personalData, key.accessKeyId, key.secretSealed), parts));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return fail("OPEN_API_SIGNATURE_INVALID");

  const sentAt = Number(timestamp) * 1000;
  if (Math.abs(now.getTime() - sentAt) > TIMESTAMP_TOLERANCE_MS) return fail("OPEN_API_TIMESTAMP_SKEWED");

  const address = visitor.origin.ip;
  if (!addressAllowed(key.allowedAddresses, address)) return fail("OPEN_API_ADDRESS_DENIED");
  if (scope && !key.scopes.includes(scope)) return fail("OPEN_API_SCOPE_DENIED", undefined, undefined, { scope });

  const hits = await addHitThisMinute(ctx.db, now, "open_api_key", String(key.id));
  if (hits > REQUESTS_PER_MINUTE) {
    const retryAfter = Math.max(1, Math.ceil((GRANULE_MS - (now.getTime() % GRANULE_MS)) / 1000));
    return fail("OPEN_API_RATE_LIMITED", undefined, undefined, { retry_after: retryAfter });
  }

  const used = await ctx.db
    .insert(openApiNonces)
    .values({ keyId: key.id, nonce, expiresAt: new Date(sentAt + TIMESTAMP_TOLERANCE_MS) })
    .onConflictDoNothing()
    .returning({ nonce: openApiNonces.nonce });
  if (used.length === 0) return fail("OPEN_API_NONCE_REUSED");
  if (Math.random() * PRUNE_ONE_IN < 1) await ctx.db.delete(openApiNonces).where(lt(openApiNonces.expiresAt, now));

  await ctx.db
    .update(openApiKeys)
    .set({ lastUsedAt: now, lastUsedAddress: address })
    .where(and(eq(openApiKeys.id, key.id), sql`${openApiKeys.revokedAt} is null`));
  return { origin: visitor.origin, sessionId: 0, userId: key.userId, subAccountId: null };
}
