import { describe, expect, it } from 'vitest';
import { buildTrackingSnippet } from './tracking-snippet';

const base = { websiteId: 'w1', publicUrl: 'https://ocx.example.net/', firstPartyTracking: false };

describe('tracking snippet', () => {
  it('is only a comment until a valid root domain is set', () => {
    expect(buildTrackingSnippet({ ...base, rootDomain: '' })).toBe(
      '<!-- Please configure website domain first -->',
    );
    expect(buildTrackingSnippet({ ...base, rootDomain: 'localhost' })).toBe(
      '<!-- Please configure website domain first -->',
    );
  });

  it("loads from the server's own host when no CNAME is set up", () => {
    expect(buildTrackingSnippet({ ...base, rootDomain: 'shop.com' })).toBe(
      '<script async src="https://ocx.example.net/t.js" data-site="w1"></script>',
    );
  });

  it('loads from track.{rootDomain} with first-party tracking', () => {
    expect(buildTrackingSnippet({ ...base, rootDomain: 'www.shop.com', firstPartyTracking: true })).toBe(
      '<script async src="https://track.shop.com/t.js" data-site="w1"></script>',
    );
  });
});
