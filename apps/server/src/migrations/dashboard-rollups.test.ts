import { type IngestEvent, planWrite } from '@ocx/core';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/schema';
import { clickRow, eventRow } from '../storage/events/event-rows.sql';
import { SqlEventStore } from '../storage/events/event-store.sql';
import { SqliteEventStore } from '../storage/events/event-store.sqlite';
import { ingestEvent } from '../test/ingest-event.fixture';
import { createTestDatabase, dialects } from '../test/test-database';
import { migrateToLatest } from './migrate';
import { migrationDatabases } from './migration-test-database';

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T10:00:00.000Z');

/** Two days of traffic: pages with query strings and fragments, returning visitors, three channels. */
function traffic(): IngestEvent[] {
  const e = (
    n: number,
    visitor: string,
    session: string,
    ts: number,
    url: string,
    extra: Partial<IngestEvent> = {},
  ) =>
    ingestEvent({
      websiteId: 'site-a',
      eventId: `rollup-${n}`,
      visitorId: visitor,
      sessionId: session,
      ts,
      url,
      path: new URL(url).pathname,
      ...extra,
    });
  return [
    e(1, 'v1', 's1', T0, 'https://shop.test/a?utm_source=x', {
      channel: 'organic',
      referrerDomain: 'www.google.com',
    }),
    e(2, 'v1', 's1', T0 + 60_000, 'https://shop.test/a#top'),
    e(3, 'v2', 's2', T0 + 120_000, 'https://shop.test/b', {
      channel: 'social',
      referrerDomain: 'facebook.com',
    }),
    e(4, 'v1', 's3', T0 + DAY, 'https://shop.test/b'),
    e(5, 'v3', 's4', T0 + DAY + 1, 'https://shop.test/c', { type: 'custom', name: 'purchase' }),
  ];
}

async function rollups(db: Kysely<DB>) {
  return {
    day: await db.selectFrom('dash_day').selectAll().orderBy('day').execute(),
    visitorDay: await db
      .selectFrom('dash_visitor_day')
      .selectAll()
      .orderBy('day')
      .orderBy('visitor_id')
      .execute(),
    visitor: await db.selectFrom('dash_visitor').selectAll().orderBy('visitor_id').execute(),
    pageDay: await db.selectFrom('dash_page_day').selectAll().orderBy('day').orderBy('page').execute(),
    page: await db.selectFrom('dash_page').selectAll().orderBy('page').execute(),
    sourceDay: await db
      .selectFrom('dash_source_day')
      .selectAll()
      .orderBy('day')
      .orderBy('channel')
      .orderBy('referrer_domain')
      .execute(),
  };
}

describe.each(dialects)('dashboard rollups on %s', (dialect) => {
  const { databaseAt, onCleanup } = migrationDatabases(dialect);

  it('the migration fills them from stored events exactly as the event store writes them', async () => {
    // Events stored before migration 0006 existed…
    const old = await databaseAt('0004-attribution');
    const events = traffic();
    let id = 0;
    const plan = planWrite(events, new Map(), () => `click-${++id}`);
    // The event table of that schema has no goal_matches yet (0009).
    const oldRows = events.map((e) => {
      const { goal_matches: _, screen: __, region: ___, city: ____, ...row } = eventRow(e);
      return row;
    });
    await old.db.insertInto('event').values(oldRows).execute();
    await old.db.insertInto('click').values(plan.clicks.map(clickRow)).execute();
    await migrateToLatest(old);

    // …and the same events written by the store after it.
    const fresh = await createTestDatabase(dialect);
    onCleanup(fresh.close);
    await new SqlEventStore(fresh.database.db, fresh.database.dialect).commit(traffic());

    const backfilled = await rollups(old.db);
    expect(backfilled).toEqual(await rollups(fresh.database.db));
    expect(backfilled.day.map((d) => [d.pageviews, d.visitors])).toEqual([
      [3, 2],
      [1, 2],
    ]);
    expect(backfilled.page.map((p) => p.page)).toEqual(['https://shop.test/a', 'https://shop.test/b']);
    expect(backfilled.sourceDay.map((s) => [s.channel, s.referrer_domain, s.clicks])).toEqual([
      ['organic', 'www.google.com', 1],
      ['social', 'facebook.com', 1],
      ['direct', '', 2],
    ]);
  });

  it('0008 keeps every per-visitor rollup row', async () => {
    const old = await databaseAt('0007-funnels');
    await old.db
      .insertInto('dash_visitor')
      .values([
        { website_id: 'site-a', visitor_id: 'v1', last_seen: T0 },
        { website_id: 'site-a', visitor_id: 'v2', last_seen: T0 + DAY },
      ])
      .execute();
    await old.db
      .insertInto('dash_visitor_day')
      .values([
        { website_id: 'site-a', day: T0 - (T0 % DAY), visitor_id: 'v1' },
        { website_id: 'site-b', day: T0 - (T0 % DAY), visitor_id: 'v9' },
      ])
      .execute();
    const before = await rollups(old.db);
    await migrateToLatest(old);
    expect(await rollups(old.db)).toEqual(before);
    expect(before.visitor).toHaveLength(2);
  });
});

describe('dashboard rollups on SQLite', () => {
  it('are written by the ingestion hot path (prepared statements) as by the Kysely store', async () => {
    const hot = await createTestDatabase('sqlite');
    const kysely = await createTestDatabase('sqlite');
    try {
      if (!hot.database.sqlite) throw new Error('no SQLite connection');
      await new SqliteEventStore(hot.database.db, hot.database.sqlite).commit(traffic());
      await new SqlEventStore(kysely.database.db, kysely.database.dialect).commit(traffic());
      expect(await rollups(hot.database.db)).toEqual(await rollups(kysely.database.db));
    } finally {
      await hot.close();
      await kysely.close();
    }
  });

  it('keep the per-visitor rollups in WITHOUT ROWID tables (0008)', async () => {
    const { database, close } = await createTestDatabase('sqlite');
    try {
      await expect(sql`select rowid from dash_visitor`.execute(database.db)).rejects.toThrow(/rowid/);
      await expect(sql`select rowid from dash_visitor_day`.execute(database.db)).rejects.toThrow(/rowid/);
    } finally {
      await close();
    }
  });
});
