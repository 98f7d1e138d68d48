import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Subnet = [Address, number];

/**
 * Who may say where a request came from (`TRUST_PROXY`, docs/decisions/025):
 * - `null`: nobody. Forwarded headers are ignored; the address is the socket's
 *   peer when the server knows it, else unknown.
 * - `{ hops: n }`: the n proxies nearest to us are trusted; the client is the
 *   address the farthest of them saw, the n-th `X-Forwarded-For` entry from the right.
 * - `{ proxies }`: the proxies with these addresses (or subnets) are trusted; the
 *   client is the first entry, from the right, that is not one of them.
 */
export type TrustProxy = null | { hops: number } | { proxies: Subnet[]; listed: string };

/** Parses `TRUST_PROXY`: empty for none, a hop count, or comma-separated addresses and CIDR subnets. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? "";
  if (text === "" || text === "0" || text === "false") return null;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) throw new Error(`TRUST_PROXY: ${hops} hops is not a plausible number of proxies`);
    return { hops };
  }
  const proxies: Subnet[] = [];
  for (const part of text.split(",").map((p) => p.trim())) {
    const [address = "", prefix] = part.split("/");
    if (!ipaddr.isValid(address))
      throw new Error(`TRUST_PROXY: "${part}" is neither a hop count nor an IP address or subnet`);
    const parsed = unmapped(ipaddr.parse(address));
    const maxBits = parsed.kind() === "ipv4" ? 32 : 128;
    const bits = prefix === undefined ? maxBits : Number(prefix);
    if (prefix !== undefined && (!/^\d+$/.test(prefix) || bits > maxBits))
      throw new Error(`TRUST_PROXY: "${part}" has an invalid prefix length`);
    proxies.push([parsed, bits]);
  }
  return { proxies, listed: text };
}

/** An address as text, without an IPv4-mapped IPv6 prefix or a zone; null when it is not an IP address. */
export function normaliseAddress(value: string | undefined | null): string | null {
  if (!value) return null;
  let address = value.trim();
  // "[::1]:1234" and "1.2.3.4:5678" as some proxies write them.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  address = address.replace(/%.*$/, "");
  if (!ipaddr.isValid(address)) return null;
  // Only the canonical forms: "1.2.3.4" and RFC 5952 IPv6, never "0x7f.1" or "127.1".
  if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) return null;
  return unmapped(ipaddr.parse(address)).toString();
}

function unmapped(address: Address): Address {
  return address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

function isTrusted(trust: { proxies: Subnet[] }, text: string): boolean {
  const address = ipaddr.parse(text);
  return trust.proxies.some(([net, bits]) => net.kind() === address.kind() && address.match(net, bits));
}

/**
 * The client's address, as far as `trust` lets us know it. `peer` is the
 * socket's remote address when the server exposes it (the standalone platform
 * does; remix-serve does not, so the web tier passes null and, with a proxy
 * list, must be reachable only through those proxies). Null means unknown:
 * callers then keep no per-address count at all.
 */
export function clientAddress(input: {
  forwardedFor: string | null;
  peer: string | null;
  trust: TrustProxy;
}): string | null {
  const peer = normaliseAddress(input.peer);
  const { trust } = input;
  if (!trust) return peer;
  if (peer && "proxies" in trust && !isTrusted(trust, peer)) return peer;
  const chain = (input.forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if ("hops" in trust) {
    const index = chain.length - trust.hops;
    return index >= 0 ? normaliseAddress(chain[index]) : null;
  }
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = normaliseAddress(chain[i]);
    if (!address) return null;
    if (!isTrusted(trust, address)) return address;
  }
  return null;
}
