import type { BreakdownFilters } from '@ocx/contracts';
import { DAY_MS, HOUR_MS, offsetSegments } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { END, SITE, type SideBySide, sideBySide, T0 } from '../../test/clickhouse/side-by-side.fixture';
import { createTestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { createTestDatabase } from '../../test/test-database';
import { ClickHouseMirror } from '../clickhouse/mirror.clickhouse';
import { ClickHouseEventStore } from '../events/event-store.clickhouse';
import { ClickHouseFilteredDashboardRepository } from './dashboard-filtered.clickhouse';
import { describeFilteredDashboardContract } from './dashboard-filtered.contract';
import { SqlFilteredDashboardRepository } from './dashboard-filtered.sql';

const FILTERS: BreakdownFilters[] = [
  { country: 'DE' },
  { page: '/p1' },
  { entry_page: '/p2', device: 'mobile' },
  { exit_page: '/p3' },
  { utm_medium: 'email' },
  { channel: 'organic', os: 'Linux' },
  { campaign: 'camp-2' },
  { referrer: 'news.test', screen: 'desktop' },
  { goal: 'Purchase' },
];

// The raw events and the copies of the clicks and conversions in ClickHouse, the rest in SQLite.
describeFilteredDashboardContract('clickhouse + sqlite', async () => {
  const { database, close } = await createTestDatabase('sqlite');
  const clickhouse = await createTestClickHouse();
  const mirror = new ClickHouseMirror(database.db, database.dialect, clickhouse.client);
  await mirror.start();
  return {
    filtered: new ClickHouseFilteredDashboardRepository(clickhouse.client),
    events: new ClickHouseEventStore(database.db, database.dialect, clickhouse.client),
    // As the background task copies them after the commits.
    async settle() {
      while ((await mirror.drain()) > 0);
    },
    async close() {
      await clickhouse.close();
      await close();
    },
  };
});

/**
 * Beyond the contract's few sessions: every kind of filter on the fixture's 600 events gives the
 * same answers from ClickHouse as from SQLite (the contract covers PostgreSQL's own answers).
 */
describe('the filtered dashboard from ClickHouse = from sqlite', () => {
  let both: SideBySide;
  let sql: SqlFilteredDashboardRepository;
  let ch: ClickHouseFilteredDashboardRepository;

  beforeAll(async () => {
    both = await sideBySide('sqlite');
    sql = new SqlFilteredDashboardRepository(both.plain.db);
    ch = new ClickHouseFilteredDashboardRepository(both.clickhouse.client);
  });
  afterAll(() => both.close());

  /** Rows in one order: both answer sets, not sequences. */
  const sorted = <T>(rows: T[]) => [...rows].map((r) => JSON.stringify(r)).sort();
  const same = (parts: Awaited<ReturnType<SqlFilteredDashboardRepository['parts']>>) => ({
    ...parts,
    pageviews: sorted(parts.pageviews),
    sources: sorted(parts.sources),
    wallDays: sorted(parts.wallDays),
    wallHours: sorted(parts.wallHours),
  });

  it.each(FILTERS)('gives the same parts and previous totals under %j', async (filters) => {
    for (const zone of ['UTC', 'Europe/Berlin']) {
      const from = T0 + DAY_MS + 3 * HOUR_MS;
      const q = { websiteId: SITE, from, filters };
      const segments = offsetSegments(zone, from, END);
      const expected = await sql.parts(q, segments, false, END - 2 * DAY_MS);
      expect(same(await ch.parts(q, segments, false, END - 2 * DAY_MS))).toEqual(same(expected));
      expect(expected.uniqueVisitors).toBeGreaterThan(0);
      const day = { ...q, from: T0 + 5 * DAY_MS, to: T0 + 6 * DAY_MS };
      const hours = offsetSegments(zone, day.from, day.to);
      expect(same(await ch.parts(day, hours, true, day.to - HOUR_MS))).toEqual(
        same(await sql.parts(day, hours, true, day.to - HOUR_MS)),
      );
      expect(await ch.totalsBetween(day)).toEqual(await sql.totalsBetween(day));
    }
  });

  it('counts conversions and sources under the filters (the fixture has them)', async () => {
    const parts = await sql.parts(
      { websiteId: SITE, from: T0, filters: { country: 'DE' } },
      offsetSegments('UTC', T0, END),
      false,
      END,
    );
    expect(parts.conversions).toBeGreaterThan(0);
    expect(parts.sources.length).toBeGreaterThan(2);
  });
});
