import { timingSafeEqual } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { CLIENT_ADDRESS_HEADER, CLIENT_USER_AGENT_HEADER, WEB_TIER_KEY_HEADER } from "../contract/security";
import { clientAddress, normaliseAddress, type TrustProxy } from "../rules/client-address";

/**
 * How the platform learns a request's client address (docs/decisions/025):
 * - "in-process": every request comes from the web tier of this process (its
 *   calls and its mount routes, which overwrite the header), so the header it
 *   sets is the address;
 * - "standalone": the header counts only with the shared web-tier key; any
 *   other request is an outside client's, read from the socket and `TRUST_PROXY`.
 */
export type Addressing = { role: "in-process" } | { role: "standalone"; trustProxy: TrustProxy; webTierKey?: string };

function sameKey(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function socketPeer(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // not served by @hono/node-server (a test calling fetch directly)
  }
}

/** Whether the request is the web tier's, so its client headers are to be believed. */
const fromWebTier = (c: Context, addressing: Addressing) =>
  addressing.role === "in-process" ||
  (!!addressing.webTierKey && sameKey(c.req.header(WEB_TIER_KEY_HEADER), addressing.webTierKey));

/** The client's address, or null when this deployment cannot know it. */
export function requestAddress(c: Context, addressing: Addressing): string | null {
  if (addressing.role === "in-process" || fromWebTier(c, addressing))
    return normaliseAddress(c.req.header(CLIENT_ADDRESS_HEADER));
  return clientAddress({
    forwardedFor: c.req.header("x-forwarded-for") ?? null,
    peer: socketPeer(c),
    trust: addressing.trustProxy,
  });
}

/** The longest User-Agent kept; the rest is cut. */
const MAX_USER_AGENT = 300;

/**
 * The client's User-Agent (the web tier's header when the request is the web tier's, else the request's own), without
 * control characters and at most 300 characters; null when there is none. For display only: never trusted.
 */
export function requestUserAgent(c: Context, addressing: Addressing): string | null {
  const given = (fromWebTier(c, addressing) && c.req.header(CLIENT_USER_AGENT_HEADER)) || c.req.header("user-agent");
  const clean = (given ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, MAX_USER_AGENT);
  return clean === "" ? null : clean;
}
