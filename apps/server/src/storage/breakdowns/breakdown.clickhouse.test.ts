import { type BreakdownDimension, type BreakdownFilters, breakdownDimensions } from '@ocx/contracts';
import { breakdownPlan, DAY_MS, edgeEnd, HOUR_MS, ROLLED_BREAKDOWNS, type RolledBreakdown } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { END, SITE, type SideBySide, sideBySide, T0 } from '../../test/clickhouse/side-by-side.fixture';
import { createTestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { createTestDatabase, dialects } from '../../test/test-database';
import { ClickHouseMirror } from '../clickhouse/mirror.clickhouse';
import { ClickHouseEventStore } from '../events/event-store.clickhouse';
import { ClickHouseBreakdownRepository } from './breakdown.clickhouse';
import { describeBreakdownContract } from './breakdown.contract';
import { SqlBreakdownRepository } from './breakdown.sql';

// The events in ClickHouse (chDB), the rollups and metadata in SQLite beside them.
describeBreakdownContract('clickhouse + sqlite', async () => {
  const { database, close } = await createTestDatabase('sqlite');
  const clickhouse = await createTestClickHouse();
  const mirror = new ClickHouseMirror(database.db, database.dialect, clickhouse.client);
  // As at start with CLICKHOUSE_URL (storage/backends.ts): the conversions are copied from here on.
  await mirror.start();
  return {
    breakdowns: new ClickHouseBreakdownRepository(database.db, database.dialect, clickhouse.client),
    store: new ClickHouseEventStore(database.db, database.dialect, clickhouse.client),
    database,
    // As the backend's upkeep task: copy until nothing is left.
    settle: async () => {
      while ((await mirror.drain()) > 0);
    },
    async close() {
      await clickhouse.close();
      await close();
    },
  };
});

const DIMENSIONS: BreakdownDimension[] = [...breakdownDimensions, 'prop:plan', 'prop:step', 'prop:missing'];
const FILTERS: BreakdownFilters[] = [
  {},
  { country: 'DE' },
  { page: '/p1' },
  { entry_page: '/p2', device: 'mobile' },
  { exit_page: '/p3' },
  { utm_source: 'newsletter' },
  { channel: 'email', screen: 'laptop' },
  { campaign: 'camp-1' },
  { referrer: 'www.google.com' },
  { goal: 'Signup' },
];
const ALL = { limit: 1000, offset: 0 };
/**
 * The ClickHouse queries are the same beside either store: SQLite meets every filter, PostgreSQL
 * (whose side holds the goals and campaigns the queries read) the three that read that side most.
 */
const filtersBeside = (dialect: string): BreakdownFilters[] =>
  dialect === 'sqlite' ? FILTERS : FILTERS.filter((f) => 'goal' in f || 'campaign' in f || 'entry_page' in f);

// Beyond the contract's hand-checked answers: ClickHouse counts as the SQL store does over the
// side-by-side fixture's 600 events, for every dimension under every filter, and beside either store.
for (const dialect of dialects) {
  describe(`breakdowns from ClickHouse = breakdowns from ${dialect}`, () => {
    let both: SideBySide;
    let sql: SqlBreakdownRepository;
    let ch: ClickHouseBreakdownRepository;

    beforeAll(async () => {
      both = await sideBySide(dialect);
      sql = new SqlBreakdownRepository(both.plain.db, both.plain.dialect);
      ch = new ClickHouseBreakdownRepository(both.beside.db, both.beside.dialect, both.clickhouse.client);
    });
    afterAll(() => both.close());

    it('has rows to compare: values where some visitors converted and some did not, both goals', async () => {
      let rowsSeen = 0;
      let converting = 0;
      for (const dimension of DIMENSIONS) {
        const { source, listsUnknown } = breakdownPlan(dimension);
        const { rows } = await sql.rows(
          { websiteId: SITE, from: T0, filters: {} },
          source,
          listsUnknown,
          ALL,
        );
        rowsSeen += rows.length;
        converting += rows.filter((r) => r.conversions > 0 && r.conversions < r.visitors).length;
      }
      expect(rowsSeen).toBeGreaterThan(40);
      expect(converting).toBeGreaterThan(10);
      const goals = await sql.rows(
        { websiteId: SITE, from: T0, filters: {} },
        breakdownPlan('goal').source,
        false,
        ALL,
      );
      expect(goals.rows.map((r) => r.value).sort()).toEqual(['Purchase', 'Signup']);
    });

    it.each(filtersBeside(dialect))(
      'gives every dimension the same rows and visitors under %j',
      async (filters) => {
        for (const [from, to] of [
          [T0 + 2 * DAY_MS + 5 * HOUR_MS, undefined],
          [T0 - DAY_MS, T0 + 6 * DAY_MS + 1],
        ] as const) {
          const q = { websiteId: SITE, from, ...(to === undefined ? {} : { to }), filters };
          expect([from, await ch.visitors(q)]).toEqual([from, await sql.visitors(q)]);
          for (const dimension of DIMENSIONS) {
            const { source, listsUnknown } = breakdownPlan(dimension);
            expect([dimension, from, await ch.rows(q, source, listsUnknown, ALL)]).toEqual([
              dimension,
              from,
              await sql.rows(q, source, listsUnknown, ALL),
            ]);
          }
        }
      },
    );

    it('reads the rolled-up dimensions alike', async () => {
      for (const from of [
        0,
        T0 + 7 * HOUR_MS + 30_000,
        T0 + 3 * DAY_MS,
        T0 + 8 * DAY_MS + 59_999,
        END - HOUR_MS,
      ]) {
        const scope = { websiteId: SITE, from, wholeDays: edgeEnd(from, 'UTC') };
        expect(await ch.rolledVisitors(SITE, from)).toBe(await sql.rolledVisitors(SITE, from));
        for (const dimension of Object.keys(ROLLED_BREAKDOWNS) as RolledBreakdown[]) {
          const { listsUnknown } = breakdownPlan(dimension);
          const rolled = await ch.rolledRows(scope, dimension, listsUnknown, ALL);
          expect([dimension, from, rolled]).toEqual([
            dimension,
            from,
            await sql.rolledRows(scope, dimension, listsUnknown, ALL),
          ]);
          const page = { limit: 2, offset: 1 };
          expect(await ch.rolledRows(scope, dimension, listsUnknown, page)).toEqual(
            await sql.rolledRows(scope, dimension, listsUnknown, page),
          );
        }
      }
    });
  });
}
