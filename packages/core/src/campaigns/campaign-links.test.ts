import { describe, expect, it } from 'vitest';
import { ocxidFromDigest, trackedUrl, utmCampaignFromName } from './campaign-links';

describe('campaign links', () => {
  it('puts ocxid first, then the UTM tags, then custom parameters, then the page’s own query', () => {
    expect(
      trackedUrl({
        landingPage: 'https://shop.example.com/sale?ref=nav#top',
        ocxid: '0123456789abcdef0123456789abcdef',
        utmParams: { source: 'facebook', medium: 'paid_social', campaign: 'black-friday' },
        trackingParams: { ocxid: 'ignored', adset: 'Lookalike 1%', empty: ' ' },
      }),
    ).toBe(
      'https://shop.example.com/sale?ocxid=0123456789abcdef0123456789abcdef&utm_source=facebook&utm_medium=paid_social&utm_campaign=black-friday&adset=Lookalike%201%25&ref=nav#top',
    );
  });

  it('turns a name into the hyphenated UTM campaign and a digest into a 32-hex ocxid', () => {
    expect(utmCampaignFromName('  Black Friday  Sale ')).toBe('black-friday-sale');
    expect(utmCampaignFromName('A'.repeat(300))).toBe('a'.repeat(200));
    expect(ocxidFromDigest('A'.repeat(64))).toBe('a'.repeat(32));
  });
});
