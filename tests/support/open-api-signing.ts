/**
 * A client of the open API written from its documentation (the docs page "开放 API", decision 110), not from the
 * platform's code: the platform tests and the e2e journey sign with it, so a change to either side that breaks the
 * documented scheme fails.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";

export interface OpenApiKeyPair {
  keyId: string;
  secret: string;
}

export interface SignedRequestInput {
  method?: "GET" | "POST";
  /** Under /api/open/v1, e.g. "/instance/get_instance_list". */
  call: string;
  /** Sent as the query string, in this order (the signature sorts it). */
  query?: [string, string][];
  /** Form fields, sent form-urlencoded. */
  body?: Record<string, string>;
  /** Unix seconds; now by default. */
  timestamp?: number;
  nonce?: string;
}

const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** The request to send: its path with the query, its headers and body, signed by `key`. */
export function signedRequest(key: OpenApiKeyPair, input: SignedRequestInput) {
  const method = input.method ?? "POST";
  const path = `/api/open/v1${input.call}`;
  const query = input.query ?? [];
  const sorted = [...query]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const body = input.body ? new URLSearchParams(input.body).toString() : "";
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = input.nonce ?? randomBytes(12).toString("hex");
  const toSign = [method, path, sorted, timestamp, nonce, createHash("sha256").update(body).digest("hex")].join("\n");
  const signature = createHmac("sha256", key.secret).update(toSign).digest("hex");
  const search = query.length ? `?${new URLSearchParams(query).toString()}` : "";
  return {
    method,
    url: `${path}${search}`,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-key-id": key.keyId,
      "x-timestamp": timestamp,
      "x-nonce": nonce,
      "x-signature": signature,
    } as Record<string, string>,
    body: method === "GET" ? undefined : body,
  };
}
