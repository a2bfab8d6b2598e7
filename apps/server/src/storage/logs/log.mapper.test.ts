import { describe, expect, it } from 'vitest';
import { toClick } from './log.mapper';
import type { LoggedClick } from './log.repository';

const row: LoggedClick = {
  id: 'k1',
  website_id: 'w1',
  visitor_id: 'v1',
  session_id: 's1',
  // PostgreSQL answers a bigint as text.
  ts: '1780000000000' as unknown as number,
  campaign_id: 'c1',
  campaign_name: 'Spring',
  ocxid: 'o1',
  source: 'google',
  medium: 'cpc',
  channel: 'paid',
  landing_page: 'https://shop.example/spring',
  referrer: null,
  referrer_domain: null,
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'spring',
  utm_term: null,
  utm_content: null,
  click_id_type: 'gclid',
  click_id: 'g-1',
  ip_address: '81.2.69.0',
  device_type: 'desktop',
  browser: 'Chrome',
  os: 'Linux',
  country: 'GB',
};

describe('toClick', () => {
  it('gives the stored click its time as ISO text and the API’s names', () => {
    expect(toClick(row)).toEqual({
      id: 'k1',
      website_id: 'w1',
      campaign_id: 'c1',
      campaign_name: 'Spring',
      source: 'google',
      medium: 'cpc',
      landing_page: 'https://shop.example/spring',
      referrer: null,
      ip_address: '81.2.69.0',
      device_type: 'desktop',
      browser: 'Chrome',
      os: 'Linux',
      country: 'GB',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      created_at: '2026-05-28T20:26:40.000Z',
      click_id: 'g-1',
      click_id_type: 'gclid',
      channel: 'paid',
      visitor_id: 'v1',
    });
  });
});
