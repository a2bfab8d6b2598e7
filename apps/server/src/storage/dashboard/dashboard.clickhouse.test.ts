import { DAY_MS, HOUR_MS, offsetSegments } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { END, SITE, sideBySide, T0 } from '../../test/clickhouse/side-by-side.fixture';
import { dialects } from '../../test/test-database';
import { ClickHouseDashboardRepository } from './dashboard.clickhouse';
import { SqlDashboardRepository } from './dashboard.sql';

for (const dialect of dialects) {
  describe(`dashboard from ClickHouse = dashboard from ${dialect}`, () => {
    let sql: SqlDashboardRepository;
    let ch: ClickHouseDashboardRepository;
    const closers: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      const both = await sideBySide(dialect);
      closers.push(both.close);
      sql = new SqlDashboardRepository(both.plain.db);
      ch = new ClickHouseDashboardRepository(both.beside.db, both.clickhouse.client);
    });
    afterAll(async () => {
      for (const close of closers) await close();
    });

    const sorted = <T>(rows: T[]) =>
      [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const moments = [
      T0 - HOUR_MS,
      T0 + 7 * HOUR_MS + 123,
      T0 + 5 * DAY_MS + 1,
      END - 3 * HOUR_MS,
      END + DAY_MS,
    ];

    it('answers the edge questions alike (pageviews per URL, visitors, sources)', async () => {
      for (const from of moments)
        for (const to of [undefined, from + HOUR_MS, from + 2 * DAY_MS]) {
          expect(sorted(await ch.edgePageviews(SITE, from, to))).toEqual(
            sorted(await sql.edgePageviews(SITE, from, to)),
          );
          expect(await ch.edgeVisitors(SITE, from, to)).toBe(await sql.edgeVisitors(SITE, from, to));
          expect(sorted(await ch.edgeSources(SITE, from, to))).toEqual(
            sorted(await sql.edgeSources(SITE, from, to)),
          );
        }
      expect((await ch.edgePageviews(SITE, T0)).length).toBeGreaterThan(5);
    });

    it('buckets local days and hours alike, in UTC and across a DST change', async () => {
      for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York']) {
        const segments = offsetSegments(zone, T0, END);
        const days = await ch.localDays(SITE, T0, segments);
        expect(sorted(days)).toEqual(sorted(await sql.localDays(SITE, T0, segments)));
        expect(sorted(await ch.localHours(SITE, T0, segments))).toEqual(
          sorted(await sql.localHours(SITE, T0, segments)),
        );
        expect(days.reduce((sum, d) => sum + d.clicks, 0)).toBeGreaterThan(400);
      }
      expect(offsetSegments('Europe/Berlin', T0, END)).toHaveLength(2);
    });

    it('gives the same totals, first event and visitors since every moment', async () => {
      expect(await ch.firstEventAt(SITE)).toBe(await sql.firstEventAt(SITE));
      expect(await ch.firstEventAt('no-such-site')).toBeNull();
      for (const from of moments) {
        expect(await ch.totalsBetween(SITE, from, from + 3 * DAY_MS)).toEqual(
          await sql.totalsBetween(SITE, from, from + 3 * DAY_MS),
        );
      }
      for (let since = T0; since < END; since += 7 * HOUR_MS + 17 * 60_000)
        expect([since, await ch.visitorsSince(SITE, since)]).toEqual([
          since,
          await sql.visitorsSince(SITE, since),
        ]);
    });
  });
}
