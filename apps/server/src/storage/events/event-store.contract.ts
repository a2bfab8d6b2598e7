import type { EventStore } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';

interface StoreUnderTest {
  store: EventStore;
  close(): Promise<void>;
}

let unique = 0;
const site = () => `site-${++unique}-${Date.now()}`;
const campaignA = {
  ocxid: 'a'.repeat(32),
  campaignId: 'camp-A',
  channel: 'paid' as const,
  utm: { source: 'google', medium: 'cpc', campaign: 'a', term: null, content: null },
};
const purchase = (value: number) => [{ goalId: 'g-purchase', goalName: 'Purchase', value, currency: 'USD' }];

/** The behaviour every EventStore backend must show (STYLE: one interface, one shared suite). */
export function describeEventStoreContract(name: string, open: () => Promise<StoreUnderTest>) {
  describe(`EventStore contract: ${name}`, () => {
    let subject: StoreUnderTest;
    let store: EventStore;
    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(() => subject.close());

    it('stores events and lists them newest first, per website', async () => {
      const a = site();
      const b = site();
      await store.commit([
        ingestEvent({ websiteId: a, ts: 1000, path: '/one' }),
        ingestEvent({
          websiteId: a,
          ts: 3000,
          path: '/three',
          type: 'custom',
          name: 'signup',
          value: 5,
          currency: 'EUR',
        }),
        ingestEvent({ websiteId: b, ts: 2000, path: '/other' }),
      ]);
      const recent = await store.recentEvents(a, 10);
      expect(recent.map((e) => [e.path, e.type, e.name, e.value, e.currency])).toEqual([
        ['/three', 'custom', 'signup', 5, 'EUR'],
        ['/one', 'pageview', null, null, null],
      ]);
      expect(recent[0]).toMatchObject({
        websiteId: a,
        country: 'GB',
        deviceType: 'desktop',
        browser: 'Chrome',
        os: 'Linux',
        channel: 'direct',
      });
      expect((await store.recentEvents(b, 10)).map((e) => e.path)).toEqual(['/other']);
      expect(await store.recentEvents(a, 1)).toHaveLength(1);
    });

    it('stores a retried event once, within a batch and across batches', async () => {
      const w = site();
      const event = ingestEvent({ websiteId: w, eventId: 'retried-event-1' });
      expect(await store.commit([event, { ...event }])).toMatchObject({
        inserted: 1,
        duplicates: 1,
        clicks: 1,
      });
      expect(await store.commit([{ ...event }])).toEqual({
        inserted: 0,
        duplicates: 1,
        clicks: 0,
        conversions: 0,
      });
      expect(await store.recentEvents(w, 10)).toHaveLength(1);
    });

    it('keeps the same event id apart in two websites', async () => {
      const [a, b] = [site(), site()];
      await store.commit([
        ingestEvent({ websiteId: a, eventId: 'shared-event-id' }),
        ingestEvent({ websiteId: b, eventId: 'shared-event-id' }),
      ]);
      expect(await store.recentEvents(a, 10)).toHaveLength(1);
      expect(await store.recentEvents(b, 10)).toHaveLength(1);
    });

    it('makes one click per session entrance across batches, and a new one for a new campaign landing', async () => {
      const w = site();
      const first = await store.commit([
        ingestEvent({ websiteId: w, ts: 1, ...campaignA }),
        ingestEvent({ websiteId: w, ts: 2, path: '/p' }),
      ]);
      expect(first.clicks).toBe(1);
      expect((await store.commit([ingestEvent({ websiteId: w, ts: 3, path: '/q' })])).clicks).toBe(0);
      const landing = ingestEvent({
        websiteId: w,
        ts: 4,
        ocxid: 'b'.repeat(32),
        campaignId: 'camp-B',
        channel: 'paid',
      });
      expect((await store.commit([landing])).clicks).toBe(1);
      expect(
        (await store.commit([ingestEvent({ websiteId: w, ts: 5, sessionId: 'session-2' })])).clicks,
      ).toBe(1);
      const totals = await store.campaignTotals(w);
      expect(totals.sort((x, y) => x.campaignId.localeCompare(y.campaignId))).toEqual([
        { campaignId: 'camp-A', clicks: 1 },
        { campaignId: 'camp-B', clicks: 1 },
      ]);
    });

    it('turns goal matches into conversions credited to the session’s campaign, once per event', async () => {
      const w = site();
      await store.commit([ingestEvent({ websiteId: w, ts: 1, ...campaignA })]);
      const buy = ingestEvent({
        websiteId: w,
        ts: 2,
        type: 'custom',
        name: 'purchase',
        value: 49.5,
        goalMatches: purchase(49.5),
      });
      expect((await store.commit([buy])).conversions).toBe(1);
      expect((await store.commit([{ ...buy }])).conversions).toBe(0);
      const second = await store.commit([
        ingestEvent({
          websiteId: w,
          ts: 3,
          type: 'custom',
          name: 'purchase',
          value: 10,
          goalMatches: purchase(10),
        }),
      ]);
      expect(second.conversions).toBe(1);
      expect(await store.campaignTotals(w)).toEqual([{ campaignId: 'camp-A', clicks: 1 }]);
    });

    it('decides a new session’s entrance once when two batches race', async () => {
      const w = site();
      // Warm the connection pool first, so the racing commits really overlap.
      await Promise.all(Array.from({ length: 8 }, () => store.recentEvents(w, 1)));
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          store.commit([
            ingestEvent({ websiteId: w, sessionId: 'racing-session', ts: 10 + i, ...campaignA }),
          ]),
        ),
      );
      expect(results.reduce((sum, r) => sum + r.clicks, 0)).toBe(1);
      expect(await store.campaignTotals(w)).toEqual([{ campaignId: 'camp-A', clicks: 1 }]);
    });

    it('forgets everything of a deleted website and nothing of others', async () => {
      const [gone, kept] = [site(), site()];
      await store.commit([
        ingestEvent({ websiteId: gone, ...campaignA, goalMatches: purchase(1) }),
        ingestEvent({ websiteId: kept, ...campaignA }),
      ]);
      await store.deleteWebsite(gone);
      expect(await store.recentEvents(gone, 10)).toEqual([]);
      expect(await store.campaignTotals(gone)).toEqual([]);
      expect(await store.recentEvents(kept, 10)).toHaveLength(1);
    });
  });
}
