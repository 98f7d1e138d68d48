import type { CreateOpenApiKeyFields, OpenApiKeyCalls } from "../../platform/contract/open-api";
import { callApiOrThrow } from "./transport.server";

export type { OpenApiKeyWire, OpenApiScopeWire } from "../../platform/contract/open-api";
export { OPEN_API_SCOPE_LABELS } from "../../platform/contract/open-api";

/** One open API key call, its fields and reply typed by the contract (platform/contract/open-api.ts). */
function call<P extends keyof OpenApiKeyCalls>(path: P, session: string, input: OpenApiKeyCalls[P]["input"]) {
  return callApiOrThrow<OpenApiKeyCalls[P]["data"]>(path, input, { session });
}

/** The main account's live keys, with their last use; never a secret. */
export function listOpenApiKeys(session: string) {
  return call("/open_api/get_key_list", session, {});
}

/** A new key and its secret: the only time the secret is answered. */
export function createOpenApiKey(session: string, input: CreateOpenApiKeyFields) {
  return call("/open_api/create_key", session, input);
}

/** Revokes a key at once; another account's is refused as not found. */
export function deleteOpenApiKey(session: string, id: number) {
  return call("/open_api/delete_key", session, { id });
}
