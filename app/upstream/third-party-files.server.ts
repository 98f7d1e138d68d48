import { isErrorKey, type ErrorKey } from "../../platform/contract/errors";
import type { ThirdPartyReply } from "../../platform/contract/work-orders";
import { clientAddressHeaders, UpstreamError, type ThirdPartyOptions } from "./transport.server";

/*
 * The /third-party file calls (multipart uploads and byte replies) go around the JSON client: these build their
 * requests and read their replies (the work-order files in uploads.server.ts, verification files beside it).
 */

const INTERNAL_ORIGIN = "http://platform.internal";

export function platformRequest(caller: ThirdPartyOptions, path: string, init: RequestInit): [Request, Headers] {
  const request = new Request(new URL(`/third-party${path}`, INTERNAL_ORIGIN), init);
  const headers = new Headers(request.headers);
  for (const [name, value] of clientAddressHeaders(caller.clientAddress)) headers.set(name, value);
  if (caller.token) headers.set("authorization", `Bearer ${caller.token}`);
  return [request, headers];
}

export async function readReply<T>(response: Response): Promise<ThirdPartyReply<T> | null> {
  try {
    return (await response.json()) as ThirdPartyReply<T>;
  } catch {
    return null;
  }
}

/**
 * The refusal of a /third-party reply as the UpstreamError pages handle (status 2 for a dead token); a 404 without a
 * known key is `notFound`.
 */
export function refusalOf(
  response: Response,
  reply: ThirdPartyReply<unknown> | null,
  path: string,
  notFound: ErrorKey,
): UpstreamError {
  if (!reply || typeof reply.code !== "number" || reply.code === 0)
    return new UpstreamError("INTERNAL", response.status, 1, "服务繁忙，请稍后再试", null);
  const refusal = reply as Exclude<ThirdPartyReply<unknown>, { code: 0 }>;
  const key = isErrorKey(refusal.key) ? refusal.key : response.status === 404 ? notFound : "INTERNAL";
  const dead = refusal.code === 100031 || refusal.code === 100032;
  if (key === "INTERNAL") console.error(`[upstream] ${path}: refusal without a known key`, refusal);
  return new UpstreamError(key, response.status, dead ? 2 : 1, refusal.reason, refusal.data?.field ?? null);
}
