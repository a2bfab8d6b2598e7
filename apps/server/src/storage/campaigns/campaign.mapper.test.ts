import { describe, expect, it } from 'vitest';
import { toStoredCampaign } from './campaign.mapper';

const row = {
  id: 'c1',
  website_id: 'w1',
  name: 'Spring',
  network: 'Google Ads',
  source: 'search',
  landing_page: 'https://shop.example/',
  utm_params: '{"source":"google","campaign":"spring"}',
  tracking_params: '{"ocxid":"spr1ng","gclid":"{gclid}"}',
  ocxid: 'spr1ng',
  // PostgreSQL answers a Date, SQLite the text written.
  created_at: new Date(Date.UTC(2026, 0, 1)),
  updated_at: '2026-01-02 10:00:00Z',
};

describe('toStoredCampaign', () => {
  it('parses the JSON columns and gives the dates as ISO text', () => {
    expect(toStoredCampaign(row)).toEqual({
      id: 'c1',
      websiteId: 'w1',
      name: 'Spring',
      network: 'Google Ads',
      source: 'search',
      landingPage: 'https://shop.example/',
      utmParams: { source: 'google', campaign: 'spring' },
      trackingParams: { ocxid: 'spr1ng', gclid: '{gclid}' },
      ocxid: 'spr1ng',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T10:00:00.000Z',
    });
  });

  it('reads unreadable JSON as no UTM tags and the ocxid alone', () => {
    const stored = toStoredCampaign({ ...row, utm_params: 'broken', tracking_params: '{' });
    expect(stored.utmParams).toEqual({});
    expect(stored.trackingParams).toEqual({ ocxid: 'spr1ng' });
  });
});
