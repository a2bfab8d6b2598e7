import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/schema';
import { SqlEventStore } from '../storage/events/event-store.sql';
import { ingestEvent } from '../test/ingest-event.fixture';
import { createTestDatabase, dialects } from '../test/test-database';
import { migrateToLatest } from './migrate';
import { migrationDatabases } from './migration-test-database';

const DAY = 86_400_000;
const D0 = Date.parse('2026-03-01T00:00:00.000Z');

type Count = [website: string, dimension: string, day: number, value: string, visitors: number];

/** dash_value_seen_day's rows that count someone, in key order. */
async function kept(db: Kysely<DB>): Promise<Count[]> {
  const rows = await db
    .selectFrom('dash_value_seen_day')
    .selectAll()
    .where('visitors', '<>', 0)
    .orderBy('website_id')
    .orderBy('dimension')
    .orderBy('day')
    .orderBy('value')
    .execute();
  return rows.map((r) => [r.website_id, r.dimension, Number(r.day), r.value, Number(r.visitors)]);
}

/** The same counted from dash_value_visitor itself. */
async function recounted(db: Kysely<DB>): Promise<Count[]> {
  const { rows } = await sql<{
    website_id: string;
    dimension: string;
    day: number | string;
    value: string;
    visitors: number | string;
  }>`select website_id, dimension, last_seen - last_seen % ${sql.lit(DAY)} as day, value, count(*) as visitors
    from dash_value_visitor group by website_id, dimension, last_seen - last_seen % ${sql.lit(DAY)}, value
    order by website_id, dimension, day, value`.execute(db);
  return rows.map((r) => [r.website_id, r.dimension, Number(r.day), r.value, Number(r.visitors)]);
}

const row = (website: string, dimension: string, value: string, visitor: string, lastSeen: number) => ({
  website_id: website,
  dimension,
  value,
  visitor_id: visitor,
  last_seen: lastSeen,
});

describe.each(dialects)(
  'visitors per value and day of their last sighting (migration 0034) on %s',
  (dialect) => {
    const { databaseAt } = migrationDatabases(dialect);

    it('counts the rows stored before it', async () => {
      const old = await databaseAt('0033-session-rollups');
      await old.db
        .insertInto('dash_value_visitor')
        .values([
          row('site-a', 'page', '/a', 'v1', D0 + 5),
          row('site-a', 'page', '/a', 'v2', D0 + DAY - 1),
          row('site-a', 'page', '/a', 'v3', D0 + DAY),
          row('site-a', 'country', 'DE', 'v1', D0 + 5),
          row('site-b', 'page', '/a', 'v1', D0 + 5),
        ])
        .execute();
      await migrateToLatest(old);
      expect(await kept(old.db)).toEqual([
        ['site-a', 'country', D0, 'DE', 1],
        ['site-a', 'page', D0, '/a', 2],
        ['site-a', 'page', D0 + DAY, '/a', 1],
        ['site-b', 'page', D0, '/a', 1],
      ]);
    });

    it('follows every insert, move, change and delete of dash_value_visitor', async () => {
      const { database, close } = await createTestDatabase(dialect);
      try {
        const { db } = database;
        await db
          .insertInto('dash_value_visitor')
          .values([row('site-a', 'page', '/a', 'v1', D0 + 5), row('site-a', 'page', '/a', 'v2', D0 + 10)])
          .execute();
        expect(await kept(db)).toEqual([['site-a', 'page', D0, '/a', 2]]);

        // The writers' upsert: a later sighting the same day stays put, the next day moves the row.
        const seen = (visitor: string, lastSeen: number) =>
          db
            .insertInto('dash_value_visitor')
            .values(row('site-a', 'page', '/a', visitor, lastSeen))
            .onConflict((oc) =>
              oc
                .columns(['website_id', 'dimension', 'visitor_id', 'value'])
                .doUpdateSet({ last_seen: sql`excluded.last_seen` }),
            )
            .execute();
        await seen('v1', D0 + DAY - 1);
        expect(await kept(db)).toEqual([['site-a', 'page', D0, '/a', 2]]);
        await seen('v1', D0 + DAY);
        expect(await kept(db)).toEqual([
          ['site-a', 'page', D0, '/a', 1],
          ['site-a', 'page', D0 + DAY, '/a', 1],
        ]);

        // A row re-pointed elsewhere (no writer does today) still moves its count.
        await db
          .updateTable('dash_value_visitor')
          .set({ value: '/b' })
          .where('visitor_id', '=', 'v2')
          .execute();
        expect(await kept(db)).toEqual(await recounted(db));
        expect(await kept(db)).toEqual([
          ['site-a', 'page', D0, '/b', 1],
          ['site-a', 'page', D0 + DAY, '/a', 1],
        ]);

        await db.deleteFrom('dash_value_visitor').where('visitor_id', '=', 'v1').execute();
        expect(await kept(db)).toEqual([['site-a', 'page', D0, '/b', 1]]);
      } finally {
        await close();
      }
    });

    it('agrees with the rows the event store writes, over visits on several days', async () => {
      const { database, close } = await createTestDatabase(dialect);
      try {
        const store = new SqlEventStore(database.db, database.dialect);
        const visit = (n: number, visitor: string, ts: number, path: string, country: string) =>
          ingestEvent({
            websiteId: 'site-a',
            eventId: `seen-${n}`,
            visitorId: visitor,
            sessionId: `s-${visitor}-${Math.floor(ts / DAY)}`,
            ts,
            url: `https://shop.test${path}`,
            path,
            country,
          });
        await store.commit([visit(1, 'v1', D0 + 1000, '/a', 'DE'), visit(2, 'v2', D0 + 2000, '/a', 'US')]);
        await store.commit([
          visit(3, 'v1', D0 + DAY + 1000, '/a', 'DE'),
          visit(4, 'v1', D0 + DAY + 2000, '/b', 'DE'),
        ]);
        await store.commit([visit(5, 'v3', D0 + 2 * DAY, '/b', 'FR')]);

        const counts = await kept(database.db);
        expect(counts).toEqual(await recounted(database.db));
        const pages = counts.filter((c) => c[1] === 'page').map((c) => [c[2], c[3], c[4]]);
        expect(pages).toEqual([
          [D0, '/a', 1],
          [D0 + DAY, '/a', 1],
          [D0 + DAY, '/b', 1],
          [D0 + 2 * DAY, '/b', 1],
        ]);
        // Entry pages come from the session rollups' own writes to dash_value_visitor.
        expect(counts.some((c) => c[1] === 'entry_page')).toBe(true);

        await store.deleteWebsite('site-a');
        expect(await kept(database.db)).toEqual([]);
      } finally {
        await close();
      }
    });
  },
);
