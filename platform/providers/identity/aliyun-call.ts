import { $OpenApiUtil } from "@alicloud/openapi-core";
import type { AliyunIdentityConfig } from "../../config";
import { IdentityProviderError } from "./types";

/** Where a provider writes its one line per failure (console.warn unless a test captures it). */
export type IdentityLog = (line: string) => void;
export const warnLog: IdentityLog = (line) => console.warn(line);

/**
 * The client configuration of an Aliyun OpenAPI SDK (OCR, Cloudauth): the account's keys and the API's endpoint;
 * the SDK signs every request with ACS3-HMAC-SHA256 (decisions 026, 098).
 */
export function aliyunClientConfig(config: AliyunIdentityConfig, endpoint: URL): $OpenApiUtil.Config {
  return new $OpenApiUtil.Config({
    accessKeyId: config.accessKeyId,
    accessKeySecret: config.accessKeySecret,
    endpoint: endpoint.host,
    protocol: endpoint.protocol.replace(/:$/, ""),
    connectTimeout: 5_000,
    readTimeout: 15_000,
  });
}

/**
 * The SDK's CommonJS packages export the client as `exports.default`. Imported from native ESM (the production
 * build, tsx, vitest) a default import is the whole `module.exports`; a bundler's interop gives the class itself.
 */
export function sdkClass<T>(imported: T): T {
  return (imported as unknown as { default?: T }).default ?? imported;
}

/**
 * What of an SDK error may be logged: its code, HTTP status and request id. Never its message nor its data: Aliyun's
 * messages may quote a parameter, and a parameter here is a name, an ID or a card number.
 */
export function aliyunFailure(error: unknown): { code: string; line: string } {
  const e = (error ?? {}) as { code?: unknown; statusCode?: unknown; requestId?: unknown };
  const code =
    typeof e.code === "string" && e.code !== "undefined" && /^[\w.-]{1,80}$/.test(e.code) ? e.code : "UNREACHABLE";
  const status = typeof e.statusCode === "number" ? ` http=${e.statusCode}` : "";
  const request = typeof e.requestId === "string" && /^[\w-]{1,64}$/.test(e.requestId) ? ` request=${e.requestId}` : "";
  return { code, line: `code=${code}${status}${request}` };
}

/**
 * One call to an Aliyun API: an SDK error (an HTTP error reply, an unreachable endpoint, a timeout) is logged as one
 * line without any value of the person and thrown as IdentityProviderError(`kind(code)`), UNAVAILABLE unless the
 * caller's `kind` says otherwise for a code (an unreadable image, a refused parameter).
 */
export async function callAliyun<T>(
  what: string,
  log: IdentityLog,
  call: () => Promise<T>,
  kind: (code: string) => IdentityProviderError["code"] = () => "UNAVAILABLE",
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const failure = aliyunFailure(error);
    log(`[identity:aliyun] ${what} failed ${failure.line}`);
    throw new IdentityProviderError(kind(failure.code), `Aliyun ${what} failed: ${failure.code}`);
  }
}

/** A reply that came back (HTTP 200) but says no: logged and thrown like an SDK error. */
export function refusedReply(
  what: string,
  log: IdentityLog,
  code: string | undefined,
  requestId: string | undefined,
  kind: IdentityProviderError["code"],
): IdentityProviderError {
  const failure = aliyunFailure({ code: code ?? "NO_CODE", requestId });
  log(`[identity:aliyun] ${what} failed ${failure.line}`);
  return new IdentityProviderError(kind, `Aliyun ${what} failed: ${failure.code}`);
}
