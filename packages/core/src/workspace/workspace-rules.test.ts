import { describe, expect, it } from 'vitest';
import {
  adPlatformCatalogue,
  clickLandingKey,
  landingPageClickUrls,
  landingPageKey,
  landingPageUrl,
  slugify,
  trackingParamFor,
} from './workspace-rules';

describe('workspace rules', () => {
  it('slugs names as the lower-cased name with hyphens for spaces', () => {
    expect(slugify('  Google  Ads ')).toBe('google-ads');
  });

  it('builds the landing page url, the bare domain when the path is empty', () => {
    expect(landingPageUrl('shop.test', 'spring')).toBe('shop.test/spring');
    expect(landingPageUrl('shop.test', '')).toBe('shop.test');
  });

  it('lists the landing URLs a click on the page stores, www and trailing slash included', () => {
    expect(landingPageClickUrls('shop.test', 'spring')).toEqual([
      'https://shop.test/spring',
      'https://shop.test/spring/',
      'https://www.shop.test/spring',
      'https://www.shop.test/spring/',
    ]);
    expect(landingPageClickUrls('shop.test', '')).toEqual(['https://shop.test/', 'https://www.shop.test/']);
  });

  it('compares stored landing URLs and landing pages by host without www and path without trailing slash', () => {
    expect(clickLandingKey('https://www.Shop.test/spring/?x=1')).toBe('shop.test/spring');
    expect(clickLandingKey('https://shop.test/')).toBe('shop.test');
    expect(landingPageKey('shop.test', 'spring')).toBe('shop.test/spring');
    expect(landingPageKey('shop.test', '')).toBe('shop.test');
  });

  it('takes a known click id from the shared ad platform catalogue, else the spec defaults', () => {
    expect(trackingParamFor('GCLID')).toMatchObject({ name: 'gclid', description: 'Google Click ID' });
    expect(trackingParamFor('adgroup')).toMatchObject({ name: 'adgroup', required: true });
    expect(trackingParamFor('adgroup').pattern?.test('a_b-1')).toBe(true);
    expect(trackingParamFor('adgroup').pattern?.test('a b')).toBe(false);
  });

  it('serializes the catalogue: five platforms, patterns as text', () => {
    const catalogue = adPlatformCatalogue();
    expect(catalogue.map((p) => p.name)).toEqual(['Google', 'Facebook', 'TikTok', 'Pinterest', 'Bing']);
    expect(catalogue[0]?.trackingParams[0]).toEqual({
      name: 'gclid',
      description: 'Google Click ID',
      required: true,
      pattern: '^[A-Za-z0-9_-]+$',
      example: 'Cj0KCQiA1MULwJodFX1GOZrh_wcB',
    });
    expect(catalogue[1]?.trackingParams[0]?.pattern).toBe('^[A-Za-z0-9._~-]+$');
  });
});
