import type { IngestEvent } from '@ocx/core';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/schema';
import { eventRow } from '../storage/events/event-rows.sql';
import { SqlEventStore } from '../storage/events/event-store.sql';
import { ingestEvent } from '../test/ingest-event.fixture';
import { createTestDatabase, dialects } from '../test/test-database';
import { migrateToLatest } from './migrate';
import { migrationDatabases } from './migration-test-database';

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T10:00:00.000Z');

/** Two days: two countries and none, a custom event, a returning visitor on another screen. */
function traffic(): IngestEvent[] {
  const e = (n: number, visitor: string, ts: number, path: string, extra: Partial<IngestEvent> = {}) =>
    ingestEvent({
      websiteId: 'site-a',
      eventId: `breakdown-${n}`,
      visitorId: visitor,
      sessionId: `s-${visitor}`,
      ts,
      url: `https://shop.test${path}?n=${n}`,
      path,
      // Located before migration 0032: by country only.
      region: null,
      city: null,
      ...extra,
    });
  return [
    e(1, 'v1', T0, '/a', { country: 'DE', screen: 'mobile' }),
    e(2, 'v1', T0 + 60_000, '/b', { country: 'DE', screen: 'mobile' }),
    e(3, 'v2', T0 + 120_000, '/a', { country: null, screen: null }),
    e(4, 'v1', T0 + DAY, '/b', { country: 'DE', screen: 'laptop' }),
    e(5, 'v3', T0 + DAY + 1, '/c', { type: 'custom', name: 'purchase', country: 'US' }),
  ];
}

async function rollups(db: Kysely<DB>) {
  return {
    visitors: await db
      .selectFrom('dash_value_visitor')
      .selectAll()
      .orderBy('dimension')
      .orderBy('value')
      .orderBy('visitor_id')
      .execute(),
    days: await db
      .selectFrom('dash_value_day')
      .selectAll()
      .orderBy('dimension')
      .orderBy('day')
      .orderBy('value')
      .execute(),
  };
}

describe.each(dialects)('breakdown rollups (migration 0027) on %s', (dialect) => {
  const { databaseAt, onCleanup } = migrationDatabases(dialect);

  it('fills them from stored events exactly as the event store writes them', async () => {
    const old = await databaseAt('0026-event-screen');
    // No region or city column before migration 0032.
    const rows = traffic().map((e) => {
      const { region: _, city: __, ...row } = eventRow(e);
      return row;
    });
    await old.db.insertInto('event').values(rows).execute();
    await migrateToLatest(old);

    const fresh = await createTestDatabase(dialect);
    onCleanup(fresh.close);
    await new SqlEventStore(fresh.database.db, fresh.database.dialect).commit(traffic());

    const backfilled = await rollups(old.db);
    expect(backfilled).toEqual(await rollups(fresh.database.db));
    const of = (dimension: string) =>
      backfilled.days.filter((d) => d.dimension === dimension).map((d) => [d.value, Number(d.pageviews)]);
    expect(of('country')).toEqual([
      ['', 1],
      ['DE', 2],
      ['DE', 1],
    ]);
    // Migration 0032: the events stored before it have no region or city (one unknown row a day).
    expect(of('city')).toEqual([
      ['', 3],
      ['', 1],
    ]);
    expect(backfilled.visitors.filter((v) => v.dimension === 'region').map((v) => v.visitor_id)).toEqual([
      'v1',
      'v2',
      'v3',
    ]);
    expect(of('screen')).toEqual([
      ['', 1],
      ['mobile', 2],
      ['laptop', 1],
    ]);
    expect(
      backfilled.visitors.filter((v) => v.dimension === 'country').map((v) => [v.value, v.visitor_id]),
    ).toEqual([
      ['', 'v2'],
      ['DE', 'v1'],
      ['US', 'v3'],
    ]);
  });
});
