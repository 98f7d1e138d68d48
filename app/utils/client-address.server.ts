import { env } from "~/env.server";
import { clientAddress, parseTrustProxy } from "../../platform/rules/client-address";

const trust = parseTrustProxy(env.TRUST_PROXY);

/**
 * The browser's address, as far as TRUST_PROXY lets the web tier know it, or
 * undefined. remix-serve does not hand the socket's address to Remix, so
 * without TRUST_PROXY it is always unknown (and the platform then keeps no
 * per-address counts for it). See docs/decisions/025.
 */
export function requestClientAddress(request: Request): string | undefined {
  return clientAddress({ forwardedFor: request.headers.get("x-forwarded-for"), peer: null, trust }) ?? undefined;
}
