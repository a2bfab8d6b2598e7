import type { IngestEvent } from '@ocx/core';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestDatabase } from '../../test/test-database';
import { SqliteEventStore, type SqliteEventStoreOptions } from './event-store.sqlite';

/** Never on its own within a test: the test decides when derivation happens. */
const MANUAL: SqliteEventStoreOptions = { deferAt: 1, idleMs: 2_000_000_000, maxLagMs: 2_000_000_000 };

const campaign = {
  ocxid: 'c'.repeat(32),
  campaignId: 'camp-spring',
  channel: 'paid' as const,
  utm: { source: 'google', medium: 'cpc', campaign: 'spring', term: null, content: null },
};

/** Visits of a shop: landings (some from a campaign), pages inside, purchases, an identify. */
function traffic(websiteId: string, visits = 30, start = 1_800_000_000_000): IngestEvent[] {
  const events: IngestEvent[] = [];
  for (let v = 0; v < visits; v++) {
    const base = { websiteId, visitorId: `visitor-${v % 12}`, sessionId: `session-${websiteId}-${v}` };
    const ts = start + v * 10_000;
    events.push(
      ingestEvent({
        ...base,
        eventId: `${websiteId}-${v}-land`,
        ts,
        url: `https://shop.test/landing-${v % 4}`,
        path: `/landing-${v % 4}`,
        ...(v % 3 === 0
          ? campaign
          : { referrer: 'https://www.google.com/', referrerDomain: 'www.google.com', channel: 'organic' }),
      }),
    );
    for (let p = 1; p <= v % 4; p++)
      events.push(
        ingestEvent({ ...base, eventId: `${websiteId}-${v}-p${p}`, ts: ts + p * 1000, path: `/p${p}` }),
      );
    if (v % 5 === 0)
      events.push(
        ingestEvent({
          ...base,
          eventId: `${websiteId}-${v}-buy`,
          type: 'custom',
          name: 'purchase',
          value: 10 + v,
          currency: 'USD',
          ts: ts + 5000,
          goalMatches: [{ goalId: 'g-buy', goalName: 'Purchase', value: 10 + v, currency: 'USD' }],
        }),
      );
    if (v === 7)
      events.push(
        ingestEvent({
          ...base,
          eventId: `${websiteId}-${v}-who`,
          type: 'identify',
          userId: 'user-7',
          ts: ts + 6000,
        }),
      );
  }
  return events;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Everything derivation writes, without the generated ids. */
async function derived(db: Kysely<DB>) {
  const rows = (query: ReturnType<typeof sql>) => query.execute(db).then((r) => r.rows);
  return {
    visits: await rows(sql`select session_id, visitor_id, campaign_id, source_key, started_at, last_seen
      from visit order by website_id, session_id`),
    clicks: await rows(sql`select website_id, session_id, visitor_id, ts, campaign_id, channel, landing_page,
      referrer_domain from click order by website_id, session_id, ts`),
    conversions:
      await rows(sql`select website_id, event_id, goal_id, campaign_id, value_minor, ts, visitor_id,
      click_id is not null as has_click from conversion order by website_id, event_id`),
    identities: await rows(sql`select website_id, visitor_id, user_id from identity order by 1, 2, 3`),
    days: await rows(sql`select * from dash_day order by 1, 2`),
    visitorDays: await rows(sql`select * from dash_visitor_day order by 1, 2, 3`),
    visitors: await rows(sql`select * from dash_visitor order by 1, 2`),
    pageDays: await rows(sql`select * from dash_page_day order by 1, 2, 3`),
    sourceDays: await rows(sql`select * from dash_source_day order by 1, 2, 3, 4`),
  };
}

describe('SQLite event store: derivation in batches', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of cleanups) await close();
  });

  async function freshDatabase() {
    const { database, close } = await createTestDatabase('sqlite');
    cleanups.push(close);
    if (!database.sqlite) throw new Error('no SQLite connection');
    const sqlite = database.sqlite;
    return {
      db: database.db,
      store: (options?: SqliteEventStoreOptions) => new SqliteEventStore(database.db, sqlite, options),
    };
  }

  /** What deriving every event in its own commit's transaction makes of `events`. */
  async function inline(events: IngestEvent[]) {
    const reference = await freshDatabase();
    const store = reference.store();
    for (const batch of chunks(events, 40)) await store.commit(batch);
    return derived(reference.db);
  }

  it('stores a big commit at once and derives it later into exactly what deriving inline makes', async () => {
    const events = traffic('site-a');
    const { db, store: open } = await freshDatabase();
    const store = open(MANUAL);
    for (const batch of chunks(events, 40)) {
      expect(await store.commit(batch)).toEqual({
        inserted: batch.length,
        duplicates: 0,
        clicks: 0,
        conversions: 0,
      });
    }
    expect(store.pending()).toBe(events.length);
    expect(await store.recentEvents('site-a', 1000)).toHaveLength(events.length);
    expect((await derived(db)).clicks).toHaveLength(0);
    await store.settle();
    expect(store.pending()).toBe(0);
    const made = await derived(db);
    expect(made.clicks.length).toBeGreaterThan(0);
    expect(made.conversions).toHaveLength(6);
    expect(made).toEqual(await inline(events));
  });

  it('derives a small commit in its own transaction while nothing waits', async () => {
    const { store: open } = await freshDatabase();
    const store = open({ ...MANUAL, deferAt: 32 });
    // A landing and a purchase.
    const result = await store.commit(traffic('site-b', 1));
    expect(result).toEqual({ inserted: 2, duplicates: 0, clicks: 1, conversions: 1 });
    expect(store.pending()).toBe(0);
  });

  it('queues a small commit behind waiting ones, so a session is derived in order', async () => {
    const events = traffic('site-c', 4);
    const { db, store: open } = await freshDatabase();
    const store = open({ ...MANUAL, deferAt: 5 });
    await store.commit(events.slice(0, 5));
    expect(store.pending()).toBe(5);
    expect((await store.commit(events.slice(5))).clicks).toBe(0);
    expect(store.pending()).toBe(events.length);
    await store.settle();
    expect(await derived(db)).toEqual(await inline(events));
  });

  it('derives on its own once commits stop', async () => {
    const { db, store: open } = await freshDatabase();
    const store = open({ deferAt: 1, idleMs: 5, maxLagMs: 1000 });
    await store.commit(traffic('site-d', 3));
    for (let i = 0; i < 100 && store.pending() > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(store.pending()).toBe(0);
    expect((await derived(db)).clicks).toHaveLength(3);
  });

  it('after a crash derives what was stored and not derived, once', async () => {
    const events = traffic('site-e');
    const half = Math.floor(events.length / 2);
    const { db, store: open } = await freshDatabase();
    // The first store stores events and "crashes": its queue in memory is gone.
    const crashed = open(MANUAL);
    await crashed.commit(events.slice(0, half));
    const restarted = open(MANUAL);
    expect(restarted.pending()).toBe(half);
    await restarted.commit(events.slice(half));
    await restarted.settle();
    const reference = await inline(events);
    expect(await derived(db)).toEqual(reference);
    // Derived events are past the mark: a later start finds nothing to do.
    const again = open(MANUAL);
    expect(again.pending()).toBe(0);
    await again.settle();
    expect(await derived(db)).toEqual(reference);
  });

  it('deleting a website derives what waits first, and later events still derive after a restart', async () => {
    const kept = traffic('site-kept', 10);
    const gone = traffic('site-gone', 10, 1_800_000_500_000);
    const { db, store: open } = await freshDatabase();
    const store = open(MANUAL);
    await store.commit(kept);
    // The deleted website's events hold the highest ids: new events will reuse them.
    await store.commit(gone);
    await store.deleteWebsite('site-gone');
    expect(store.pending()).toBe(0);
    const left = await sql<{ n: number }>`select
      (select count(*) from event where website_id = 'site-gone') + (select count(*) from click where website_id = 'site-gone')
      + (select count(*) from visit where website_id = 'site-gone') + (select count(*) from dash_day where website_id = 'site-gone') as n`.execute(
      db,
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
    const later = traffic('site-kept', 14, 1_800_000_900_000).slice(-8);
    await store.commit(later);
    // A restart before deriving them must find them past the mark.
    const restarted = open(MANUAL);
    expect(restarted.pending()).toBe(later.length);
    await restarted.settle();
    expect(await derived(db)).toEqual(await inline([...kept, ...later]));
  });

  it('keeps its backlog bounded under endless load: a commit first derives when maxBacklog wait', async () => {
    const events = traffic('site-f', 40);
    const { db, store: open } = await freshDatabase();
    const store = open({ ...MANUAL, maxBacklog: 20 });
    let most = 0;
    for (const batch of chunks(events, 7)) {
      await store.commit(batch);
      most = Math.max(most, store.pending());
    }
    // Never more than a commit past the limit, although no timer ever derived anything.
    expect(most).toBeLessThan(20 + 7);
    expect(store.pending()).toBeLessThan(events.length);
    await store.settle();
    expect(await derived(db)).toEqual(await inline(events));
  });

  it('commits several batches in one transaction, each with its own result', async () => {
    const [first, second] = chunks(traffic('site-g', 2), 2);
    if (!first || !second) throw new Error('fixture too small');
    const { store: open } = await freshDatabase();
    const store = open({ ...MANUAL, deferAt: 1000 });
    const results = await store.commitBatches([first, [...second, { ...(first[0] as IngestEvent) }]]);
    expect(results).toEqual([
      { inserted: first.length, duplicates: 0, clicks: 1, conversions: 1 },
      { inserted: second.length, duplicates: 1, clicks: 1, conversions: 0 },
    ]);
  });
});
