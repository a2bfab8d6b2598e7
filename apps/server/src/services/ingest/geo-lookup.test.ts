import { describe, expect, it } from 'vitest';
import { createPlaceLookup, placeOf } from './geo-lookup';

/** The shipped DB-IP Lite files (pinned versions in package.json), read offline. */
describe('locating a client address', () => {
  const locate = createPlaceLookup('city');

  it('gives country, region and city, each qualified by what contains it', () => {
    expect(locate('81.2.69.0')).toEqual({
      country: 'GB',
      region: 'England, GB',
      city: 'London, England, GB',
    });
    expect(locate('8.8.8.8')).toEqual({
      country: 'US',
      region: 'California, US',
      city: 'Mountain View, California, US',
    });
  });

  it('reads IPv6 addresses and IPv4 ones written as IPv6', () => {
    expect(locate('2a00:1450:4001:80b::200e')).toMatchObject({ country: 'DE', region: 'Hesse, DE' });
    expect(locate('::ffff:81.2.69.0')).toMatchObject({ city: 'London, England, GB' });
  });

  it('knows nothing of documentation, private or malformed addresses', () => {
    const nowhere = { country: null, region: null, city: null };
    for (const ip of ['203.0.113.0', '10.0.0.1', '', 'not an address']) expect(locate(ip)).toEqual(nowhere);
  });

  it('records the country only with GEO_LOCATION=country', () => {
    expect(createPlaceLookup('country')('81.2.69.0')).toEqual({ country: 'GB', region: null, city: null });
  });

  it('keeps blank fields out of the names', () => {
    expect(placeOf({ country_code: 'SG', state1: '', city: 'Singapore' })).toEqual({
      country: 'SG',
      region: null,
      city: 'Singapore, SG',
    });
  });
});
