/**
 * Open API keys (issue 38 §4, /console/openapi/accessKey): the main account's calls that manage them. Ours, in the
 * main API's style (POST, form fields, {status, reason, data}). The signed open API itself is /api/open/v1/* (the
 * console's own calls, signed by a key: platform/http/open-api/calls.ts), described by /api/openapi.json.
 */
import type { MainApiCall, NoFields } from "./calls";

export const OPEN_API_SCOPE_LABELS = {
  "instances:read": "读取实例",
  "instances:write": "管理实例",
  "finance:read": "读取财务",
} as const;
export type OpenApiScopeWire = keyof typeof OPEN_API_SCOPE_LABELS;

export interface OpenApiKeyWire {
  id: number;
  /** The public key id, sent in X-Key-Id. */
  access_key_id: string;
  name: string;
  scopes: OpenApiScopeWire[];
  /** Addresses and CIDR blocks; empty: any address. */
  allowed_addresses: string[];
  created_at: string;
  /** null: never expires. */
  expires_at: string | null;
  last_used_at: string | null;
  /** "" when never used or the address was unknown. */
  last_used_ip: string;
}

export interface OpenApiKeyListWire {
  keys: OpenApiKeyWire[];
  /** How many live keys an account may hold. */
  max_keys: number;
}

/** The new key, and its secret: shown this once, never again. */
export interface CreatedOpenApiKeyWire {
  key: OpenApiKeyWire;
  secret: string;
}

export type CreateOpenApiKeyFields = {
  name: string;
  /** The scopes, separated by commas: "instances:read,finance:read". */
  scopes: string;
  /** Addresses or CIDR blocks, one per line or separated by commas; empty: any. */
  allowed_addresses?: string;
  /** "YYYY-MM-DD": the key works through that day (Beijing time); empty: never expires. */
  expires_on?: string;
};

export type OpenApiKeyCalls = {
  "/open_api/get_key_list": MainApiCall<NoFields, OpenApiKeyListWire, "required">;
  "/open_api/create_key": MainApiCall<CreateOpenApiKeyFields, CreatedOpenApiKeyWire, "required">;
  "/open_api/delete_key": MainApiCall<{ id: number }, null, "required">;
};
