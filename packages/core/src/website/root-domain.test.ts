import { describe, expect, it } from 'vitest';
import {
  baseDomain,
  cookieDomain,
  isValidRootDomain,
  normalizeRootDomain,
  trackingHost,
} from './root-domain';

describe('root domain rule', () => {
  it('strips the protocol, trailing slashes, whitespace and case before checking', () => {
    expect(normalizeRootDomain('  HTTPS://Shop.Example.com/// ')).toBe('shop.example.com');
    expect(isValidRootDomain('https://example.com/')).toBe(true);
  });

  it.each([
    'example.com',
    'www.example.com',
    'shop.example.co',
    'my-shop.example.store',
    'shop.test',
    'x.com',
    't.co',
    'm.shop.com',
    '1.example.com',
    'xn--mnchen-3ya.de',
    'shop.xn--p1ai',
    'xn--bcher-kva.example',
    'example.xn--p1ai',
    `${'a'.repeat(63)}.com`,
  ])('accepts %s', (domain) => expect(isValidRootDomain(domain)).toBe(true));

  it.each([
    ['', 'empty'],
    ['localhost', 'no top-level part'],
    ['-shop.com', 'a label starting with a hyphen'],
    ['shop-.com', 'a label ending with a hyphen'],
    ['shop..com', 'an empty label'],
    ['.com', 'no label before the top-level part'],
    ['example.c', 'a one-letter top-level part'],
    ['example.123', 'a numeric top-level part'],
    ['exa mple.com', 'a space'],
    ['example.com/path', 'a path'],
    ['exa_mple.com', 'an underscore'],
    [`${'a'.repeat(64)}.com`, 'a 64-character label'],
  ])('rejects %j (%s)', (domain) => expect(isValidRootDomain(domain)).toBe(false));

  it('puts track. in front of the domain without www, and cookies on .{domain}', () => {
    expect(baseDomain('www.example.com')).toBe('example.com');
    expect(trackingHost('www.example.com')).toBe('track.example.com');
    expect(trackingHost('shop.example.com')).toBe('track.shop.example.com');
    expect(cookieDomain('example.com')).toBe('.example.com');
    expect(cookieDomain('')).toBe('');
  });
});
