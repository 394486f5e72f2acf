/**
 * Which addresses the server may open a connection to for a push: public unicast only. The ranges are
 * ipaddr.js's (the table behind Fastify's own proxy-addr), so none are written by hand here.
 */
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/**
 * True for a public unicast address. Refused: loopback, private (RFC 1918), link-local, CGNAT
 * (100.64/10), multicast, broadcast, unspecified, reserved, documentation and benchmarking ranges;
 * in IPv6 also unique-local, site-local and the other special ranges. An IPv6 address that carries an
 * IPv4 one (::ffff:127.0.0.1, NAT64 64:ff9b::/96, 6to4, Teredo, the old ::a.b.c.d) is judged by that
 * IPv4 address, since that is where the packets end up.
 */
export function isPublicAddress(text: string): boolean {
  let address: IPv4 | IPv6;
  try {
    address = ipaddr.parse(text);
  } catch {
    return false;
  }
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.length > 0 && embedded.every((v4) => v4.range() === 'unicast');
  return v6.range() === 'unicast';
}

/** The IPv4 addresses an IPv6 address leads to, or undefined when it is plain IPv6 (an empty list: refuse). */
function embeddedIPv4(address: IPv6): IPv4[] | undefined {
  const p = address.parts as [number, number, number, number, number, number, number, number];
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const range: string = address.range();
  switch (range) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return [v4(p[6], p[7])];
    case 'rfc6052':
      // the well-known NAT64 prefix 64:ff9b::/96 ends in the IPv4 address; the local-use 64:ff9b:1::/48
      // puts it anywhere and only ever leads inside a network
      return p[2] === 0 ? [v4(p[6], p[7])] : [];
    case '6to4': // 2002:AABB:CCDD::
      return [v4(p[1], p[2])];
    case 'teredo': // 2001:0:server:..:client (the client's address inverted)
      return [v4(p[2], p[3]), v4(p[6] ^ 0xffff, p[7] ^ 0xffff)];
    case 'unicast':
      // ::a.b.c.d, the deprecated IPv4-compatible form (:: and ::1 have ranges of their own)
      return p.slice(0, 6).every((part) => part === 0) ? [v4(p[6], p[7])] : undefined;
    default:
      return undefined;
  }
}
