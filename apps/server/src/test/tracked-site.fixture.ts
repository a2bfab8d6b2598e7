import type { FastifyInstance } from 'fastify';
import { as, type SignedIn, signUp } from './test-app';

export const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

export interface TrackedSite {
  owner: SignedIn;
  siteId: string;
  campaign: { id: string; ocxid: string };
}

/** A signed-up owner with shop.test configured: goals, a cross domain and one campaign. */
export async function trackedSite(app: FastifyInstance): Promise<TrackedSite> {
  const owner = await signUp(app);
  const headers = as(owner);
  const site = await app.inject({
    method: 'POST',
    url: '/api/websites',
    headers,
    payload: {
      name: 'Shop',
      rootDomain: 'shop.test',
      scriptConfig: { crossDomainTracking: true, crossDomains: ['shop-pay.test'] },
    },
  });
  const siteId = site.json().id as string;
  for (const goal of [
    { name: 'Buy click', type: 'click', conditions: { selector: '#buy' } },
    { name: 'Purchase', type: 'event', conditions: { event: 'purchase' } },
    { name: 'Thank you', type: 'pageview', conditions: { path: '/thank-you' }, value: 5 },
  ]) {
    await app.inject({ method: 'POST', url: `/api/websites/${siteId}/goals`, headers, payload: goal });
  }
  const campaign = await app.inject({
    method: 'POST',
    url: `/api/websites/${siteId}/campaigns`,
    headers,
    payload: {
      name: 'Spring',
      network: 'Google Ads',
      source: 'Search',
      landingPage: 'https://shop.test/spring',
    },
  });
  const { id, ocxid } = campaign.json();
  return { owner, siteId, campaign: { id, ocxid } };
}

let counter = 0;
export const trackerId = (prefix: string) => `${prefix}${String(++counter).padStart(8, '0')}`;

export function pageview(overrides: Record<string, unknown> = {}) {
  return {
    type: 'pageview',
    url: 'https://shop.test/',
    visitorId: 'visitor0001',
    sessionId: 'session0001',
    eventId: trackerId('evt'),
    ...overrides,
  };
}

/**
 * Sends events to the collect endpoint as the tracker does (text/plain JSON, a browser's user
 * agent); `headers` adds to or replaces those (another user agent, a forwarded address).
 */
export function collectEvents(
  app: FastifyInstance,
  siteId: string,
  events: object[],
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/collect',
    headers: { 'content-type': 'text/plain', 'user-agent': CHROME_UA, ...headers },
    payload: JSON.stringify({ site: siteId, events }),
  });
}
