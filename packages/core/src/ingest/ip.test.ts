import { describe, expect, it } from 'vitest';
import { anonymizeIp, rateLimitKey } from './ip';

describe('IP anonymization', () => {
  it('zeroes the last IPv4 octet (/24), also when mapped into IPv6', () => {
    expect(anonymizeIp('203.0.113.77')).toBe('203.0.113.0');
    expect(anonymizeIp('::ffff:198.51.100.9')).toBe('198.51.100.0');
  });

  it('keeps the first 48 bits of an IPv6 address', () => {
    expect(anonymizeIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(anonymizeIp('2001:db8::1')).toBe('2001:db8:0::');
    expect(anonymizeIp('::1')).toBe('0:0:0::');
  });

  it('returns nothing for what is not an address', () => {
    expect(anonymizeIp('not-an-ip')).toBe('');
  });
});

describe('rate limit keys', () => {
  it('counts IPv4 by address, also when mapped into IPv6', () => {
    expect(rateLimitKey('203.0.113.77')).toBe('203.0.113.77');
    expect(rateLimitKey('::ffff:203.0.113.77')).toBe('203.0.113.77');
  });

  it('counts IPv6 by its /64, however the address is written', () => {
    expect(rateLimitKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:8d3::/64');
    expect(rateLimitKey('2001:0db8:85a3:08d3::1')).toBe('2001:db8:85a3:8d3::/64');
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(rateLimitKey('2001:db8:0:1::1')).not.toBe(rateLimitKey('2001:db8:0:2::1'));
  });

  it('keeps what is not an address as it is', () => {
    expect(rateLimitKey('unknown')).toBe('unknown');
  });
});
