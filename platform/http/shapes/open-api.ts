import type { OpenApiKeyWire } from "../../contract/open-api";
import type { OpenApiKeyView } from "../../modules/open-api/keys";

export const toOpenApiKey = (key: OpenApiKeyView): OpenApiKeyWire => ({
  id: key.id,
  access_key_id: key.accessKeyId,
  name: key.name,
  scopes: key.scopes,
  allowed_addresses: key.allowedAddresses,
  created_at: key.createdAt.toISOString(),
  expires_at: key.expiresAt?.toISOString() ?? null,
  last_used_at: key.lastUsedAt?.toISOString() ?? null,
  last_used_ip: key.lastUsedAddress ?? "",
});
