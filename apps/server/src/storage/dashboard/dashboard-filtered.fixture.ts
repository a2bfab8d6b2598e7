import { DAY_MS, HASH_VISITOR_PREFIX, HOUR_MS, MINUTE_MS } from '@ocx/core';
import { ingestEvent } from '../../test/ingest-event.fixture';

/** The events dashboard-filtered.contract.ts reads under filters; its figures are counted by hand from these. */

export const SITE = 'filtered-site';
export const D = Date.parse('2026-06-01T00:00:00.000Z');
const HASH = `${HASH_VISITOR_PREFIX}v2`;

const NO_UTM = { source: null, medium: null, campaign: null, term: null, content: null };

/**
 * Four sessions over three days, each filter picking its own set of them:
 * - s1 (v1, day 0, DE): /a then /b, from a campaign (paid, news.test, utm june) with a purchase;
 * - s2 (a hash visitor, day 1, US, a mobile Firefox on Android): /a then /c, direct;
 * - s3 (v1 again, day 2, DE): /c, direct;
 * - s4 (v3, day 2, NL, Amsterdam, a Safari on an iOS tablet): /d then /e, from a newsletter (email,
 *   mail.test, utm newsletter/email/june/shoes/banner).
 * Every other column is the fixture's default (London, desktop Chrome on Linux).
 */
const MOBILE_FIREFOX = { deviceType: 'mobile', browser: 'Firefox', os: 'Android', screen: 'mobile' };
const AMSTERDAM_TABLET = {
  country: 'NL',
  region: 'Noord-Holland, NL',
  city: 'Amsterdam, Noord-Holland, NL',
  deviceType: 'mobile',
  browser: 'Safari',
  os: 'iOS',
  screen: 'tablet',
};
export const EVENTS = [
  {
    sessionId: 's1',
    visitorId: 'v1',
    ts: D + HOUR_MS,
    url: 'https://shop.test/a?x=1',
    path: '/a',
    country: 'DE',
    ocxid: 'a'.repeat(32),
    campaignId: 'camp-A',
    channel: 'paid' as const,
    referrerDomain: 'news.test',
    utm: { ...NO_UTM, source: 'google', medium: 'cpc', campaign: 'june' },
  },
  {
    sessionId: 's1',
    visitorId: 'v1',
    ts: D + 2 * HOUR_MS,
    url: 'https://shop.test/b',
    path: '/b',
    country: 'DE',
  },
  {
    sessionId: 's2',
    visitorId: HASH,
    ts: D + DAY_MS + 3 * HOUR_MS,
    url: 'https://shop.test/a',
    path: '/a',
    country: 'US',
    ...MOBILE_FIREFOX,
  },
  {
    sessionId: 's2',
    visitorId: HASH,
    ts: D + DAY_MS + 4 * HOUR_MS,
    url: 'https://shop.test/c',
    path: '/c',
    country: 'US',
    ...MOBILE_FIREFOX,
  },
  {
    sessionId: 's3',
    visitorId: 'v1',
    ts: D + 2 * DAY_MS + 5 * HOUR_MS,
    url: 'https://shop.test/c',
    path: '/c',
    country: 'DE',
  },
  {
    sessionId: 's4',
    visitorId: 'v3',
    ts: D + 2 * DAY_MS + 6 * HOUR_MS,
    url: 'https://shop.test/d?utm_source=newsletter',
    path: '/d',
    ...AMSTERDAM_TABLET,
    channel: 'email' as const,
    referrerDomain: 'mail.test',
    utm: { source: 'newsletter', medium: 'email', campaign: 'june', term: 'shoes', content: 'banner' },
  },
  {
    sessionId: 's4',
    visitorId: 'v3',
    ts: D + 2 * DAY_MS + 7 * HOUR_MS,
    url: 'https://shop.test/e',
    path: '/e',
    ...AMSTERDAM_TABLET,
  },
].map((e) => ingestEvent({ websiteId: SITE, ...e }));
export const PURCHASE = ingestEvent({
  websiteId: SITE,
  sessionId: 's1',
  visitorId: 'v1',
  ts: D + 2 * HOUR_MS + MINUTE_MS,
  type: 'custom',
  name: 'purchase',
  path: '/b',
  url: 'https://shop.test/b',
  country: 'DE',
  goalMatches: [{ goalId: 'g-buy', goalName: 'Purchase', value: 5, currency: 'USD' }],
});
