import { describe, expect, it } from 'vitest';
import { followUtm, typedUtmKeys } from './utm-follow';

const basis = { name: 'Gamma Promo', network: 'Google Ads', source: 'Search' };

describe('UTM tags that follow the campaign', () => {
  it('follow its name, network and source unless typed', () => {
    const utm = { source: 'x', medium: 'y', campaign: 'alpha-promo', term: 'kept' };
    expect(followUtm(utm, [], basis)).toEqual({
      source: 'google',
      medium: 'cpc',
      campaign: 'gamma-promo',
      term: 'kept',
    });
    expect(followUtm(utm, ['campaign'], basis).campaign).toBe('alpha-promo');
    expect(followUtm(utm, [], basis, ['campaign'])).toMatchObject({ source: 'x', campaign: 'gamma-promo' });
  });

  it("marks a saved campaign's tags that differ from what they would follow as typed", () => {
    expect(typedUtmKeys({ source: 'google', medium: 'cpc', campaign: 'gamma-promo' }, basis)).toEqual([]);
    expect(typedUtmKeys({ source: 'google ads', medium: 'cpc', campaign: 'spring-search' }, basis)).toEqual([
      'source',
      'campaign',
    ]);
  });
});
