/**
 * TRUST_PROXY: which hops of X-Forwarded-For the app believes (Fastify's `trustProxy`). The client
 * address that rate limits, sessions and the audit log use is the first address, counted from the
 * right, that is not a trusted proxy. A value that trusts every hop would make it the left-most
 * entry, which the caller writes, so it is refused.
 */
import { isIP } from 'node:net';

/** false: trust nothing (the socket's address); N: N proxies in front; a list: the proxies' addresses or CIDR ranges. */
export type TrustProxy = false | number | string[];

/**
 * What Fastify's `trustProxy` is given. Fastify 5.12 reads a bare number as "trust nothing" (a hop
 * count cannot check who the immediate peer is), so a count is given as the function it stands
 * for: the N hops nearest the server are proxies. That holds only while every request comes through
 * them (docs/decisions/016-safe-production-defaults.md); an address list checks each hop.
 */
export function fastifyTrustProxy(value: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/** More hops than this is a typo, not a deployment. */
const MAX_HOPS = 10;
const OFF = new Set(['0', 'false']);
const EVERY_HOP = new Set(['true', 'yes', 'on', 'all', 'any', '*']);

export const TRUST_PROXY_HINT =
  'set the number of proxies in front of the app (1 for one nginx or one load balancer), or their addresses or CIDR ranges, comma-separated (such as 10.0.0.0/8,fd00::/8)';

export function parseTrustProxy(raw: string): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const value = raw.trim().toLowerCase();
  if (OFF.has(value)) return { ok: true, value: false };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_HOPS ? { ok: true, value: hops } : { ok: false, message: `must be at most ${MAX_HOPS} proxies, or their addresses: ${TRUST_PROXY_HINT}` };
  }
  const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
  if (entries.some((e) => EVERY_HOP.has(e) || isWholeRange(e))) {
    return { ok: false, message: `"${raw.trim()}" would trust every hop, so any caller could choose its own address with X-Forwarded-For; ${TRUST_PROXY_HINT}` };
  }
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length > 0 || entries.length === 0) {
    return { ok: false, message: `${bad.length ? `${bad.map((b) => `"${b}"`).join(', ')} is not an IPv4 or IPv6 address or CIDR range; ` : ''}${TRUST_PROXY_HINT}, or 0 for none` };
  }
  return { ok: true, value: entries };
}

/** An address in its plain form (no zone, no short or hex IPv4), or one with a prefix length of 1 up to its size. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = address.includes('%') || rest.length > 0 ? 0 : isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

/**
 * A range of every address: /0 in any spelling (0.0.0.0/0, ::/0), or IPv4-mapped IPv6 up to /96
 * (::ffff:0:0/96), which proxy-addr reads as every IPv4 address.
 */
function isWholeRange(entry: string): boolean {
  const [address = '', prefix] = entry.split('/');
  if (prefix === undefined || !/^\d+$/.test(prefix) || address.includes('%') || isIP(address) === 0) return false;
  const bits = Number(prefix);
  return bits === 0 || (isIP(address) === 6 && bits <= 96 && /^\[::ffff:[\da-f]{1,4}:[\da-f]{1,4}\]$/.test(new URL(`http://[${address}]`).hostname));
}
