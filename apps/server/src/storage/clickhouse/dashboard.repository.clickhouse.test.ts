import { DAY_MS, HOUR_MS, type IngestEvent, offsetSegments } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClickHouse, type TestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestDatabase, dialects } from '../../test/test-database';
import { DashboardRepository } from '../sql/dashboard.repository';
import { SqlEventStore } from '../sql/event-store.sql';
import { ClickHouseDashboardRepository } from './dashboard.repository.clickhouse';
import { ClickHouseEventStore } from './event-store.clickhouse';

/** Ten days across Berlin's fall-back change (2026-10-25), so the local buckets meet two offsets. */
const T0 = Date.parse('2026-10-20T00:00:00.000Z');
const END = T0 + 10 * DAY_MS;
const SITE = 'dash-site';

/** The same 600 events for both stores: a fixed sequence (no randomness in tests). */
function fixture(): IngestEvent[] {
  let x = 12345;
  const next = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  return Array.from({ length: 600 }, (_, i) => {
    const visitor = `v${next(40)}`;
    const ts = T0 + next(10 * DAY_MS);
    const pageview = next(5) > 0;
    return ingestEvent({
      websiteId: SITE,
      eventId: `dash-${i}`,
      visitorId: visitor,
      sessionId: `${visitor}-${Math.floor((ts - T0) / (6 * HOUR_MS))}`,
      ts,
      type: pageview ? 'pageview' : 'custom',
      name: pageview ? null : 'signup',
      path: `/p${next(6)}`,
      url: `https://shop.test/p${next(6)}${next(2) ? '?q=1' : ''}${next(3) ? '' : '#top'}`,
    });
  });
}

for (const dialect of dialects) {
  describe(`dashboard from ClickHouse = dashboard from ${dialect}`, () => {
    let sql: DashboardRepository;
    let ch: ClickHouseDashboardRepository;
    let clickhouse: TestClickHouse;
    const closers: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      const plain = await createTestDatabase(dialect);
      const beside = await createTestDatabase(dialect);
      clickhouse = await createTestClickHouse();
      closers.push(plain.close, beside.close, clickhouse.close);
      const events = fixture();
      const stores = [
        new SqlEventStore(plain.database.db, plain.database.dialect),
        new ClickHouseEventStore(beside.database.db, beside.database.dialect, clickhouse.client),
      ];
      // In batches of 50 as the group-commit writer would, the same for both.
      for (let i = 0; i < events.length; i += 50)
        for (const store of stores) await store.commit(events.slice(i, i + 50).map((e) => ({ ...e })));
      sql = new DashboardRepository(plain.database.db);
      ch = new ClickHouseDashboardRepository(beside.database.db, clickhouse.client);
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
