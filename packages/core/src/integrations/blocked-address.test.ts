import { describe, expect, it } from 'vitest';
import {
  blockedPostbackHost,
  blockedRange,
  canonicalAddress,
  describeBlocked,
  isLocalhostName,
} from './blocked-address';

describe('blocked addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['192.0.0.8', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.254', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private (unique local)'],
    ['fd12::1', 'private (unique local)'],
    ['fe80::1', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['64:ff9b::a00:1', 'NAT64'],
    ['64:ff9b::808:808', 'NAT64'],
    ['2002:a00:1::', '6to4'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['::7f00:1', 'IPv4-compatible'],
    ['ff02::1', 'multicast'],
  ])('refuses %s (%s)', (ip, range) => expect(blockedRange(ip)).toBe(range));

  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '193.168.0.1',
    '198.20.0.1',
    '2a00:1450:4001::1',
    '::ffff:8.8.4.4',
  ])('allows %s', (ip) => expect(blockedRange(ip)).toBeNull());

  it("refuses the server's own public addresses, in any spelling", () => {
    expect(blockedRange('203.0.114.7', ['203.0.114.7'])).toBe("this server's own");
    expect(blockedRange('::ffff:203.0.114.7', ['203.0.114.7'])).toBe("this server's own");
    expect(blockedRange('2a01:4f8::1', ['2a01:04f8:0:0::0001'])).toBe("this server's own");
    expect(blockedRange('203.0.114.8', ['203.0.114.7'])).toBeNull();
  });

  it('refuses what is not an address', () => {
    expect(blockedRange('example.com')).toBe('not an address');
    expect(canonicalAddress('example.com')).toBeNull();
  });

  it('knows localhost names with and without the trailing dot', () => {
    for (const name of ['localhost', 'localhost.', 'LOCALHOST', 'api.localhost', 'a.b.localhost.'])
      expect(isLocalhostName(name), name).toBe(true);
    for (const name of ['localhost.example.com', 'notlocalhost', 'example.com'])
      expect(isLocalhostName(name)).toBe(false);
  });

  it('finds blocked literal hosts as the URL parser leaves them, and leaves other names to call time', () => {
    // new URL('http://2130706433/').hostname, …('http://[::ffff:127.0.0.1]/').hostname, …
    expect(blockedPostbackHost('127.0.0.1')).toEqual({ host: '127.0.0.1', range: 'loopback' });
    expect(blockedPostbackHost('[::ffff:7f00:1]')).toEqual({ host: '127.0.0.1', range: 'loopback' });
    expect(blockedPostbackHost('127.1')).toEqual({ host: '127.0.0.1', range: 'loopback' });
    expect(blockedPostbackHost('0x7f000001')).toEqual({ host: '127.0.0.1', range: 'loopback' });
    expect(blockedPostbackHost('localhost.')).toEqual({ host: 'localhost.', range: "this server's own" });
    expect(blockedPostbackHost('[64:ff9b::a9fe:a9fe]')).toEqual({
      host: '64:ff9b::a9fe:a9fe',
      range: 'NAT64',
    });
    expect(blockedPostbackHost('ads.example.com')).toBeNull();
    expect(blockedPostbackHost('8.8.8.8')).toBeNull();
  });

  it('says what a blocked host is in words', () => {
    expect(describeBlocked('127.0.0.1', 'loopback')).toBe('127.0.0.1 is a loopback address');
    expect(describeBlocked('::', 'unspecified')).toBe(':: is an unspecified address');
    expect(describeBlocked('localhost', "this server's own")).toBe("localhost is this server's own address");
  });
});
