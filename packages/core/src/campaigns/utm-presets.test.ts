import { describe, expect, it } from 'vitest';
import { followedUtm, utmMediumForSource, utmSourceForNetwork } from './utm-presets';

describe('UTM presets', () => {
  it.each([
    ['Google Ads', 'google'],
    ['Facebook Ads', 'facebook'],
    ['Bing Ads', 'bing'],
    ['Microsoft Advertising', 'bing'],
    ['Meta Ads', 'facebook'],
    ['TikTok Ads', 'tiktok'],
    ['Pinterest Ads', 'pinterest'],
    ['LinkedIn', 'linkedin'],
    ['Amazon DSP', 'amazon_dsp'],
    ['Ads', 'ads'],
    ['  Reddit   Ads ', 'reddit'],
  ])('the network %j tags links utm_source=%s', (network, source) =>
    expect(utmSourceForNetwork(network)).toBe(source),
  );

  it.each([
    ['Search', 'cpc'],
    ['Shopping', 'shopping'],
    ['Social', 'paid_social'],
    ['Display', 'display'],
    ['Email', 'email'],
    ['Paid Social', 'paid_social'],
    ['Native Ads', 'native_ads'],
  ])('the source %j tags links utm_medium=%s', (source, medium) =>
    expect(utmMediumForSource(source)).toBe(medium),
  );

  it('gives the values the default Google Search template carries, and nothing for what is not chosen yet', () => {
    expect(followedUtm({ name: 'Spring Sale', network: 'Google Ads', source: 'Search' })).toEqual({
      source: 'google',
      medium: 'cpc',
      campaign: 'spring-sale',
    });
    expect(followedUtm({ name: '', network: '', source: '' })).toEqual({
      source: '',
      medium: '',
      campaign: '',
    });
  });
});
