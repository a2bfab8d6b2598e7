import { describe, expect, it } from 'vitest';
import { type ChannelInput, classifyChannel } from './channel';

const none: ChannelInput = { utmSource: null, utmMedium: null, referrerDomain: null, hasClickId: false };

describe('channel rules (DESIGN §7)', () => {
  it('is paid with a click id or a paid medium, before any other rule', () => {
    expect(classifyChannel({ ...none, hasClickId: true, referrerDomain: 'www.google.com' })).toBe('paid');
    for (const medium of ['cpc', 'PPC', 'paid', 'paidsearch', 'paid_social', 'display', 'cpm', 'banner']) {
      expect(classifyChannel({ ...none, utmMedium: medium, utmSource: 'facebook' })).toBe('paid');
    }
  });

  it('is email for an email or newsletter tag, or a webmail referrer', () => {
    expect(classifyChannel({ ...none, utmMedium: 'email' })).toBe('email');
    expect(classifyChannel({ ...none, utmSource: 'Newsletter' })).toBe('email');
    expect(classifyChannel({ ...none, referrerDomain: 'mail.google.com' })).toBe('email');
    expect(classifyChannel({ ...none, referrerDomain: 'outlook.live.com' })).toBe('email');
  });

  it('is social for a social referrer or source', () => {
    expect(classifyChannel({ ...none, referrerDomain: 'l.facebook.com' })).toBe('social');
    expect(classifyChannel({ ...none, referrerDomain: 't.co' })).toBe('social');
    expect(classifyChannel({ ...none, referrerDomain: 'www.linkedin.com' })).toBe('social');
    expect(classifyChannel({ ...none, utmSource: 'instagram', utmMedium: 'story' })).toBe('social');
  });

  it('is organic for a search engine referrer', () => {
    expect(classifyChannel({ ...none, referrerDomain: 'www.google.com' })).toBe('organic');
    expect(classifyChannel({ ...none, referrerDomain: 'www.google.co.uk' })).toBe('organic');
    expect(classifyChannel({ ...none, referrerDomain: 'duckduckgo.com' })).toBe('organic');
    expect(classifyChannel({ ...none, referrerDomain: 'www.bing.com' })).toBe('organic');
  });

  it('is referral for any other referrer and direct without one', () => {
    expect(classifyChannel({ ...none, referrerDomain: 'news.ycombinator.com' })).toBe('referral');
    expect(classifyChannel({ ...none, referrerDomain: 'googleblog.example.org' })).toBe('referral');
    expect(classifyChannel(none)).toBe('direct');
    expect(classifyChannel({ ...none, utmSource: 'partner', utmMedium: 'affiliate' })).toBe('direct');
  });
});
