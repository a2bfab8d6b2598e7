import { expect, type Page } from '@playwright/test';
import { BASE_URL, CHROME_UA } from '../playwright.config';

const CLIENT = { 'user-agent': CHROME_UA, 'x-forwarded-for': '81.2.69.142', 'content-type': 'text/plain' };
const MINUTE = 60_000;

/**
 * The signed-in account's website gets a 'Thank you page' goal worth 25 and a 'Purchase' event
 * goal, and one order: the purchase event (49.90) and, seconds later, the thank-you page. Its
 * revenue counts the order twice (docs/definitions.md#valued-goals-that-overlap).
 */
export async function orderCountedTwice(page: Page, siteId: string) {
  const headers = { origin: BASE_URL };
  for (const data of [
    { name: 'Thank you page', type: 'pageview', conditions: { path: '/thank-you' }, value: 25 },
    { name: 'Purchase', type: 'event', conditions: { event: 'purchase' } },
  ]) {
    const goal = await page.request.post(`/api/websites/${siteId}/goals`, { headers, data });
    expect(goal.status()).toBe(201);
  }
  const now = Date.now();
  const tag = now.toString(36);
  const visitor = `orderer${tag}`;
  const event = (n: number, secondsAgo: number, fields: Record<string, unknown>) => ({
    visitorId: visitor,
    sessionId: `${visitor}-s`,
    eventId: `${visitor}-e${n}`,
    ts: now - secondsAgo * 1000,
    ...fields,
  });
  const events = [
    event(1, 5 * 60, { type: 'pageview', url: 'https://shop.test/checkout' }),
    event(2, 4 * 60, { type: 'custom', name: 'purchase', url: 'https://shop.test/checkout', value: 49.9 }),
    event(3, 4 * 60 - 2, { type: 'pageview', url: 'https://shop.test/thank-you?order=1' }),
  ];
  const answer = await page.request.post('/api/collect', {
    headers: CLIENT,
    data: JSON.stringify({ site: siteId, events }),
  });
  expect(await answer.json()).toEqual({ accepted: events.length, dropped: [] });
  return { at: now - 4 * MINUTE };
}
