import ipaddr from 'ipaddr.js';

/**
 * Where a postback must not go unless the operator allows it (POSTBACK_ALLOW_PRIVATE): every range
 * ipaddr.js does not call global unicast — loopback, private, link-local, carrier-grade NAT,
 * unspecified, broadcast, multicast, the reserved and benchmarking ranges (192.0.0.0/24,
 * 198.18.0.0/15, …), IPv6 unique-local, NAT64 (64:ff9b::/96), 6to4 (2002::/16), Teredo — plus the
 * deprecated IPv4-compatible ::/96 and the server's own addresses. IPv4-mapped IPv6 is judged as
 * the IPv4 address it carries.
 */
const LABELS: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT',
  private: 'private',
  reserved: 'reserved',
  uniqueLocal: 'private (unique local)',
  rfc6052: 'NAT64',
  rfc6145: 'IPv4-translated',
  '6to4': '6to4',
  teredo: 'Teredo',
  ipv4Compatible: 'IPv4-compatible',
  ownAddress: "this server's own",
};

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
/** An IPv4 address already in canonical dotted-decimal form (no leading zeros): most of what comes in. */
const CANONICAL_IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The address in canonical form (IPv4-mapped IPv6 as IPv4), or null when `value` is not an address. */
export function canonicalAddress(value: string): string | null {
  if (CANONICAL_IPV4.test(value)) return value;
  const bare = value.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(bare)) return null;
  const address = ipaddr.process(bare);
  return address.toString();
}

/**
 * Why `ip` must not be called — a short name of its range such as 'loopback' or 'private' — or null
 * for a public address. `own` lists the server's own addresses. Anything that is not an address is
 * refused too ('not an address'): callers resolve names first.
 */
export function blockedRange(ip: string, own: readonly string[] = []): string | null {
  const canonical = canonicalAddress(ip);
  if (canonical === null) return 'not an address';
  const address = ipaddr.parse(canonical);
  const range: string = address.range();
  if (range !== 'unicast') return LABELS[range] ?? range;
  if (address.kind() === 'ipv6' && address.match(IPV4_COMPATIBLE)) return LABELS.ipv4Compatible ?? null;
  if (own.some((o) => canonicalAddress(o) === canonical)) return LABELS.ownAddress ?? null;
  return null;
}

/** True for names that always mean this machine: localhost and *.localhost (RFC 6761), trailing dot or not. */
export function isLocalhostName(hostname: string): boolean {
  return /(^|\.)localhost\.?$/i.test(hostname);
}

/**
 * Why a postback URL's host (as the WHATWG URL parser gives it: `new URL(u).hostname`, which turns
 * `2130706433`, `127.1` and `0x7f000001` into 127.0.0.1) can never be called, or null. Only literal
 * addresses and localhost names are known before the call; other names are checked at every call.
 */
export function blockedPostbackHost(hostname: string): { host: string; range: string } | null {
  if (isLocalhostName(hostname)) return { host: hostname, range: LABELS.ownAddress ?? '' };
  const canonical = canonicalAddress(hostname);
  if (canonical === null) return null;
  const range = blockedRange(canonical);
  return range ? { host: canonical, range } : null;
}

/** '127.0.0.1 is a loopback address', 'localhost is this server's own address'. */
export function describeBlocked(host: string, range: string): string {
  if (range === LABELS.ownAddress) return `${host} is this server's own address`;
  return `${host} is ${/^[aeiou]/i.test(range) ? 'an' : 'a'} ${range} address`;
}
