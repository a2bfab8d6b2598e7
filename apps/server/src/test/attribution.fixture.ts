import type { Conversion, ConversionPath } from '@ocx/contracts';
import { expect } from 'vitest';
import { as, type SignedIn, type TestApp } from './test-app';
import { collectEvents, pageview, trackerId } from './tracked-site.fixture';

export const DAY = 86_400_000;

/** Everything collected is derived and every conversion credited (recomputes included). */
export async function settleCrediting(t: TestApp): Promise<void> {
  await t.events.settle();
  await t.app.services.background.settle();
}

/** The calls an attribution test makes, as the website's owner. */
export function attributionCalls(t: TestApp, owner: SignedIn, siteId: string) {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: as(owner) });
  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: as(owner), payload });
  return {
    get,
    async campaign(body: { name: string; network: string; source: string; utmParams?: object }) {
      const res = await send('POST', `/api/websites/${siteId}/campaigns`, {
        landingPage: 'https://shop.test/landing',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; ocxid: string };
    },
    async patchWebsite(patch: object) {
      const res = await send('PATCH', `/api/websites/${siteId}`, patch);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async apiKey(): Promise<string> {
      const res = await send('POST', `/api/websites/${siteId}/api-keys`, { name: 'server' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().key;
    },
    async website() {
      return (await get(`/api/websites/${siteId}`)).json();
    },
    async collect(events: object[], headers: Record<string, string> = {}) {
      const res = await collectEvents(t.app, siteId, events, headers);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().dropped).toEqual([]);
    },
    /** Every conversion of the visitor (newest first), as the Conversions Log lists them. */
    async conversionsOf(visitorId: string) {
      const all = (await get(`/api/conversions?websiteId=${siteId}&limit=100`)).json();
      return (all as Conversion[]).filter((c) => c.visitor_id === visitorId);
    },
    async path(conversionId: string): Promise<ConversionPath> {
      const res = await get(`/api/conversions/${conversionId}/path?websiteId=${siteId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async report() {
      return (await get(`/api/reports/attribution?websiteId=${siteId}`)).json();
    },
    async status() {
      return (await get(`/api/websites/${siteId}/attribution-status`)).json();
    },
  };
}

/** A visit's landing pageview, optionally followed by a purchase in the same session. */
export function landing(
  visitorId: string,
  url: string,
  options: { ts?: number; referrer?: string; purchase?: { value: number; currency?: string } } = {},
) {
  const sessionId = trackerId('s');
  // A minute back: the purchase a second later is still in the past (log ranges end now).
  const ts = options.ts ?? Date.now() - 60_000;
  const events: object[] = [
    pageview({ visitorId, sessionId, url, ts, ...(options.referrer ? { referrer: options.referrer } : {}) }),
  ];
  if (options.purchase)
    events.push({
      ...pageview({ visitorId, sessionId, url, ts: ts + 1000 }),
      type: 'custom',
      name: 'purchase',
      ...options.purchase,
    });
  return events;
}

/** Campaign ids (or the channel when a touchpoint has none) of a path, in order. */
export const touchNames = (path: ConversionPath) => path.touchpoints.map((p) => p.campaignId ?? p.channel);
