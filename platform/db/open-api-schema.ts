import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { users } from "./schema";

/*
 * Open API keys (issue 38 §4, decisions 109–110). A main account holds up to 5 live keys. The secret signs every
 * request with HMAC-SHA256, so the server must have it: it is sealed (AES-256-GCM under the personal-data key ring,
 * bound to the key's id), never stored or logged in the clear (decision 109).
 */

export const OPEN_API_SCOPES = ["instances:read", "instances:write", "finance:read"] as const;
export type OpenApiScope = (typeof OPEN_API_SCOPES)[number];

export const openApiKeys = pgTable(
  "open_api_keys",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    /** The public key id a request names in X-Key-Id ("ak" and 24 hex digits). */
    accessKeyId: text("access_key_id").notNull(),
    name: text("name").notNull(),
    /** The secret, sealed for "open-api-key:<access key id>" (personal-data-cipher.ts). */
    secretSealed: text("secret_sealed").notNull(),
    scopes: text("scopes").array().notNull(),
    /** Addresses and CIDR blocks a request may come from; empty: any. */
    allowedAddresses: text("allowed_addresses").array().notNull(),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at"),
    revokedAt: at("revoked_at"),
    lastUsedAt: at("last_used_at"),
    lastUsedAddress: text("last_used_address"),
  },
  (t) => [
    uniqueIndex("open_api_keys_access_key_id_uq").on(t.accessKeyId),
    index("open_api_keys_user_idx").on(t.userId),
    check("open_api_keys_scopes_known", sql`${t.scopes} <@ array['instances:read', 'instances:write', 'finance:read']`),
    check("open_api_keys_scopes_some", sql`cardinality(${t.scopes}) > 0`),
  ],
);

/**
 * Nonces a key has used, kept until their request's timestamp can no longer be accepted (timestamp + 5 minutes);
 * the primary key makes "use once" an insert that fails the second time, whatever the concurrency.
 */
export const openApiNonces = pgTable(
  "open_api_nonces",
  {
    keyId: bigint("key_id", { mode: "number" })
      .notNull()
      .references(() => openApiKeys.id),
    nonce: text("nonce").notNull(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.nonce] }), index("open_api_nonces_expires_idx").on(t.expiresAt)],
);

export const openApiSchema = { openApiKeys, openApiNonces };
