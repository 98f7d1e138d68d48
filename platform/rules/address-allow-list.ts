import ipaddr from "ipaddr.js";
import { normaliseAddress } from "./client-address";

/**
 * An open API key's address allow-list (issue 38 §4): IPv4 or IPv6 addresses and CIDR blocks, written one per line
 * or separated by commas or spaces. At most 20 entries. Shared by the console form (checked beside the field) and
 * the platform (checked again, then matched on every signed request).
 */
export const MAX_ALLOWED_ADDRESSES = 20;

export type AllowListParse = { ok: true; entries: string[] } | { ok: false; error: string };

/** One entry in its canonical form ("10.0.0.0/8", "2001:db8::/32", "1.2.3.4"), or null when it is not one. */
export function canonicalEntry(entry: string): string | null {
  const [address = "", prefix, extra] = entry.split("/");
  if (extra !== undefined) return null;
  const normal = normaliseAddress(address);
  if (!normal) return null;
  if (prefix === undefined) return normal;
  const maxBits = ipaddr.parse(normal).kind() === "ipv4" ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > maxBits) return null;
  const base =
    maxBits === 32
      ? ipaddr.IPv4.networkAddressFromCIDR(`${normal}/${prefix}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${normal}/${prefix}`);
  return `${base.toString()}/${prefix}`;
}

/** The allow-list from what the user typed; empty text is an empty list (any address). */
export function parseAllowList(text: string): AllowListParse {
  const parts = text
    .split(/[\s,，;；]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > MAX_ALLOWED_ADDRESSES) return { ok: false, error: `最多填写${MAX_ALLOWED_ADDRESSES}个地址` };
  const entries: string[] = [];
  for (const part of parts) {
    const entry = canonicalEntry(part);
    if (!entry)
      return { ok: false, error: `“${part.slice(0, 50)}”不是正确的IP地址或网段（如 203.0.113.5 或 10.0.0.0/8）` };
    if (!entries.includes(entry)) entries.push(entry);
  }
  return { ok: true, entries };
}

/** Whether `address` (a client address as the platform knows it, or null when unknown) is on a non-empty list. */
export function addressAllowed(entries: readonly string[], address: string | null): boolean {
  if (entries.length === 0) return true;
  const normal = normaliseAddress(address);
  if (!normal) return false;
  const parsed = ipaddr.parse(normal);
  return entries.some((entry) => {
    if (!entry.includes("/")) return entry === normal;
    const [net, bits] = ipaddr.parseCIDR(entry);
    return net.kind() === parsed.kind() && parsed.match(net, bits);
  });
}
