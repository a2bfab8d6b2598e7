import { describe, expect, it } from 'vitest';
import { toNetwork } from './network.repository';

const row = {
  id: 'net-1',
  website_id: 'site-1',
  slug: 'google-ads',
  name: 'Google Ads',
  tracking_params: '["gclid","wbraid"]',
  sources: '["Search"]',
  created_at: new Date('2024-03-01T10:00:00Z'),
  updated_at: '2024-03-01T10:00:00Z',
};

describe('a stored network read back', () => {
  it('has its parameter and source lists parsed and its time as ISO text', () => {
    expect(toNetwork(row)).toEqual({
      id: 'net-1',
      websiteId: 'site-1',
      slug: 'google-ads',
      name: 'Google Ads',
      trackingParams: ['gclid', 'wbraid'],
      sources: ['Search'],
      createdAt: '2024-03-01T10:00:00.000Z',
    });
  });

  it('reads unreadable lists as empty', () => {
    expect(toNetwork({ ...row, tracking_params: 'oops', sources: '' })).toMatchObject({
      trackingParams: [],
      sources: [],
    });
  });
});
