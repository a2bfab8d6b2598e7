import { describe, expect, it } from 'vitest';
import { landingPathOf, landingPathRule, tracksPageAt } from './landing-page-domain';

const shop = { rootDomain: 'shop.com', crossDomains: [] };

describe('the pages the tracker counts', () => {
  it.each([
    'https://shop.com/',
    'https://shop.com/products/pour-over-kit?ref=ads',
    'http://www.shop.com/spring',
    'https://m.shop.com/',
    'https://SHOP.com:8443/x',
  ])('counts %s on shop.com', (url) => expect(tracksPageAt(url, shop)).toBe(true));

  it.each([
    ['https://other.com/', 'another domain'],
    ['https://evilshop.com/', 'a name that only ends like it'],
    ['https://shop.com.evil.net/', 'shop.com as a subdomain of another'],
    ['https://shop.com@evil.net/', 'shop.com as the user name'],
    ['https://com/', 'the parent domain'],
    ['ftp://shop.com/', 'not http(s)'],
    ['not a url', 'no address at all'],
  ])('refuses %s (%s)', (url) => expect(tracksPageAt(url, shop)).toBe(false));

  it('counts one-letter domains and their subdomains, and cross domains', () => {
    expect(tracksPageAt('https://x.com/a', { rootDomain: 'x.com', crossDomains: [] })).toBe(true);
    expect(tracksPageAt('https://m.shop.com/a', { rootDomain: 'm.shop.com', crossDomains: [] })).toBe(true);
    expect(tracksPageAt('https://shop.com/a', { rootDomain: 'm.shop.com', crossDomains: [] })).toBe(false);
    expect(
      tracksPageAt('https://pay.shop-pay.net/', { rootDomain: 'shop.com', crossDomains: ['shop-pay.net'] }),
    ).toBe(true);
  });

  it('counts nothing for a website without a root domain', () =>
    expect(tracksPageAt('https://shop.com/', { rootDomain: '', crossDomains: [] })).toBe(false));
});

describe('a typed landing-page path', () => {
  it.each([
    ['products/pour-over-kit', 'products/pour-over-kit'],
    ['/products/pour-over-kit/', 'products/pour-over-kit'],
    ['', ''],
    ['https://shop.com/products/pour-over-kit', 'products/pour-over-kit'],
    ['https://www.shop.com/spring?utm_source=x#top', 'spring'],
    ['shop.com/spring', 'spring'],
    ['https://shop.com', ''],
    ['summer sale', 'summer sale'],
  ])('%j is the path %j', (input, path) => expect(landingPathOf(input, 'shop.com')).toBe(path));

  it.each(['https://other.com/spring', 'https://blog.shop.com/spring', 'ftp://shop.com/x', 'https://'])(
    '%j is no page of shop.com',
    (input) => expect(landingPathOf(input, 'shop.com')).toBeNull(),
  );
});

describe('the landing-page path rule', () => {
  it('takes nested paths and addresses on the root domain, refuses other hosts and other characters', () => {
    expect(landingPathRule('products/pour-over-kit', 'shop.com')).toEqual({
      path: 'products/pour-over-kit',
      error: null,
    });
    expect(landingPathRule('https://shop.com/products/pour-over-kit', 'shop.com').path).toBe(
      'products/pour-over-kit',
    );
    expect(landingPathRule('https://other.com/x', 'shop.com').error).toBe(
      "Landing pages are pages of shop.com: give the path (like products/pour-over-kit) or the page's address on shop.com.",
    );
    expect(landingPathRule('summer sale', 'shop.com').error).toMatch(/^Invalid URL path format/);
    expect(landingPathRule('a//b', 'shop.com').error).toMatch(/^Invalid URL path format/);
    expect(landingPathRule('x'.repeat(201), 'shop.com').error).toBe('At most 200 characters');
  });
});
