import { describe, expect, it } from 'vitest';
import { defaultAttribution } from '../attribution/attribution-defaults';
import { websiteRuleError, websiteRuleRefusal } from './website-rules';

describe('website save rules', () => {
  it('asks for a website name when it is blank', () => {
    expect(websiteRuleError({ name: '   ' })).toBe('Please enter a website name');
  });

  it('asks for a valid domain when it is malformed, or empty on an existing website', () => {
    expect(websiteRuleError({ rootDomain: 'not a domain' })).toBe('Please enter a valid domain');
    expect(websiteRuleError({ rootDomain: '' })).toBe('Please enter a valid domain');
    expect(websiteRuleError({ rootDomain: '' }, false)).toBeNull();
    expect(websiteRuleError({ rootDomain: 'https://shop.example.com/' })).toBeNull();
  });

  it('reports the current weight sum with two decimals', () => {
    const a = defaultAttribution();
    const attribution = {
      ...a,
      model: 'w_shaped' as const,
      settings: { ...a.settings, firstWeight: 0.5, middleWeight: 0.4, lastWeight: 0.3 },
    };
    expect(websiteRuleError({ attribution })).toBe('Touch point weights must sum to 1. Current sum: 1.20');
  });

  it('checks cross-domain entries and the postback URL', () => {
    expect(websiteRuleError({ crossDomains: ['shop.com', 'nope'] })).toBe(
      'Cross-domain entries must be valid domains',
    );
    expect(websiteRuleError({ postbackUrl: 'ftp://x.com' })).toMatch(/postback URL/);
    expect(websiteRuleError({ postbackUrl: 'https://ads.example.com/pb?c={click_id}' })).toBeNull();
    expect(websiteRuleError({ postbackUrl: null })).toBeNull();
    // Addresses pass the format check (IPv6 in brackets too); whether they are public is the server's call.
    expect(websiteRuleError({ postbackUrl: 'http://[2a00:1450::1]:8080/pb' })).toBeNull();
    expect(websiteRuleError({ postbackUrl: 'http://[::1' })).toMatch(/postback URL/);
  });

  it('names the input a broken rule concerns, as the contract names it; the weights are no one input', () => {
    expect(websiteRuleRefusal({ name: '' })?.field).toBe('name');
    expect(websiteRuleRefusal({ rootDomain: 'not a domain' })?.field).toBe('rootDomain');
    expect(websiteRuleRefusal({ crossDomains: ['nope'] })?.field).toBe('scriptConfig.crossDomains');
    expect(websiteRuleRefusal({ postbackUrl: 'ftp://x.com' })?.field).toBe('postbackUrl');
    const a = defaultAttribution();
    const attribution = { ...a, model: 'w_shaped' as const, settings: { ...a.settings, firstWeight: 0.9 } };
    expect(websiteRuleRefusal({ attribution })).toEqual({ message: expect.stringMatching(/sum to 1/) });
  });
});
