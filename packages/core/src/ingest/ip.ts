import ipaddr from 'ipaddr.js';
import { canonicalAddress } from '../integrations/blocked-address';

/** IPv4 keeps its /24 (last octet zeroed), IPv6 its /48 (first three groups); anything else is dropped. */
export function anonymizeIp(ip: string): string {
  const v4 = ip.replace(/^::ffff:/i, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(v4)) return v4.replace(/\.\d{1,3}$/, '.0');
  const groups = expandIpv6(ip);
  return groups ? `${groups.slice(0, 3).join(':')}::` : '';
}

function expandIpv6(ip: string): string[] | null {
  if (!/^[0-9a-f:]+$/i.test(ip) || !ip.includes(':')) return null;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (!ip.includes('::') && missing !== 0)) return null;
  return [...left, ...Array.from({ length: missing }, () => '0'), ...right].map((g) => g.toLowerCase());
}

/**
 * What a per-client limit counts: an IPv4 address as it is (also when mapped into IPv6), an IPv6
 * address by its /64 — one subscriber or host gets a whole /64 and can pick any address in it.
 */
export function rateLimitKey(ip: string): string {
  const canonical = canonicalAddress(ip);
  if (canonical === null) return ip;
  const address = ipaddr.parse(canonical);
  if (address.kind() === 'ipv4') return canonical;
  const groups = address.toNormalizedString().split(':').slice(0, 4);
  return `${ipaddr.parse(`${groups.join(':')}::`).toString()}/64`;
}
