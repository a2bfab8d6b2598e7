import { expect, type Page } from '@playwright/test';
import { BASE_URL, CHROME_UA } from '../playwright.config';
import { PASSWORD, uniqueEmail } from './helpers';

const MINUTE = 60_000;
/** A public address the server geolocates to GB (the e2e server trusts X-Forwarded-For). */
const CLIENT = { 'user-agent': CHROME_UA, 'x-forwarded-for': '81.2.69.142', 'content-type': 'text/plain' };

interface Visit {
  path: string;
  minutesAgo: number;
}

/** Signs up in the page's context, so the browser shares the session. */
export async function signUp(page: Page): Promise<void> {
  const answer = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: BASE_URL },
    data: { email: uniqueEmail('logs'), password: PASSWORD, name: 'Log reader', acceptTerms: true },
  });
  expect(answer.ok()).toBe(true);
}

export async function createWebsite(page: Page, name: string): Promise<string> {
  const answer = await page.request.post('/api/websites', {
    headers: { origin: BASE_URL },
    data: { name, rootDomain: 'shop.test' },
  });
  expect(answer.status()).toBe(201);
  return (await answer.json()).id;
}

async function createCampaign(page: Page, siteId: string, name: string, source: string, medium: string) {
  const answer = await page.request.post(`/api/websites/${siteId}/campaigns`, {
    headers: { origin: BASE_URL },
    data: {
      name,
      network: 'Google Ads',
      source: 'Search',
      landingPage: 'https://shop.test/landing',
      utmParams: { source, medium },
    },
  });
  expect(answer.status()).toBe(201);
  const { ocxid } = await answer.json();
  return `ocxid=${ocxid}&utm_source=${source}&utm_medium=${medium}`;
}

/** One landing pageview per visit, each its own visitor and session: one click each. */
export async function sendVisits(page: Page, siteId: string, visits: Visit[]): Promise<void> {
  const now = Date.now();
  const tag = `${siteId.slice(0, 8)}${now.toString(36)}`.replace(/[^A-Za-z0-9]/g, '');
  const events = visits.map((v, i) => ({
    type: 'pageview',
    url: `https://shop.test${v.path}`,
    visitorId: `visitor-${tag}-${i}`,
    sessionId: `session-${tag}-${i}`,
    eventId: `event-${tag}-${i}`,
    ts: now - v.minutesAgo * MINUTE,
  }));
  const answer = await page.request.post('/api/collect', {
    headers: CLIENT,
    data: JSON.stringify({ site: siteId, events }),
  });
  expect(await answer.json()).toEqual({ accepted: visits.length, dropped: [] });
}

/** A shop with 12 clicks: 3 from Spring (google / cpc), 2 from Summer (facebook / paid_social), 7 direct. */
export async function setUpShop(page: Page) {
  await signUp(page);
  const siteId = await createWebsite(page, 'Shop');
  const spring = await createCampaign(page, siteId, 'Spring', 'google', 'cpc');
  const summer = await createCampaign(page, siteId, 'Summer', 'facebook', 'paid_social');
  await sendVisits(page, siteId, [
    ...[1, 2, 3].map((m) => ({ path: `/spring-${m}?${spring}`, minutesAgo: m })),
    ...[4, 5].map((m) => ({ path: `/summer?${summer}`, minutesAgo: m })),
    ...[6, 7, 8, 9, 10, 11, 12].map((m) => ({ path: `/home-${m}`, minutesAgo: m })),
  ]);
  return siteId;
}
