import { describe, expect, it } from 'vitest';
import { firstPartyRecord, zoneLine } from './first-party-record';

describe('first-party DNS record', () => {
  it('is a CNAME to OCX when OCX has a host name', () => {
    expect(firstPartyRecord('ocx.example.net')).toEqual({
      type: 'CNAME',
      target: 'ocx.example.net',
      byAddress: false,
    });
    expect(zoneLine('track.shop.com', firstPartyRecord('ocx.example.net'))).toBe(
      'track.shop.com. CNAME ocx.example.net.',
    );
  });

  it('is an A record (a CNAME cannot point at an address) when OCX is reached by IPv4', () => {
    expect(firstPartyRecord('203.0.113.7')).toEqual({ type: 'A', target: '203.0.113.7', byAddress: true });
    expect(zoneLine('track.shop.com', firstPartyRecord('203.0.113.7'))).toBe('track.shop.com. A 203.0.113.7');
  });

  it('is an AAAA record for an IPv6 address, with or without the URL brackets', () => {
    expect(firstPartyRecord('[2001:db8::7]')).toEqual({
      type: 'AAAA',
      target: '2001:db8::7',
      byAddress: true,
    });
  });

  it('reads a name that only starts with digits as a name', () => {
    expect(firstPartyRecord('1.2.3.4.nip.io').type).toBe('CNAME');
    expect(firstPartyRecord('999.1.1.1').type).toBe('CNAME');
  });
});
