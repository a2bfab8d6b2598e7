import { describe, expect, it } from 'vitest';
import { buildTrackingSnippet } from './tracking-snippet';

const base = {
  websiteId: 'w1',
  publicUrl: 'https://ocx.example.net/',
  firstPartyTracking: false,
  scriptPath: '/t.js',
  collectPath: '/api/collect',
};

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
      '<script async src="https://ocx.example.net/t.js" data-site="w1"></script>\n' +
        '<noscript><img src="https://ocx.example.net/api/collect?site=w1" alt="" width="1" height="1" referrerpolicy="no-referrer-when-downgrade" style="position:absolute;left:-9999px"></noscript>',
    );
  });

  it('loads from track.{rootDomain} with first-party tracking', () => {
    const snippet = buildTrackingSnippet({
      ...base,
      rootDomain: 'www.shop.com',
      firstPartyTracking: true,
      scriptPath: '/a.js',
      collectPath: '/e',
    });
    expect(snippet).toContain('<script async src="https://track.shop.com/a.js" data-site="w1"></script>');
    expect(snippet).toContain('<img src="https://track.shop.com/e?site=w1"');
  });
});
