import type { ClickHouseClient } from '@clickhouse/client';
import type { OffsetSegment, PeriodTotals, SourceCount } from '@ocx/core';
import { DAY_MS, HOUR_MS, type SeriesPoint } from '@ocx/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { chRow, chRows, inRange, inWebsite } from '../clickhouse/clickhouse-query';
import { inScope } from '../sql/filters';
import { segmentOf, wallBucket } from './clickhouse-buckets';
import type { DashboardRepository } from './dashboard.repository';
import { SqlDashboardRepository } from './dashboard.sql';
import { VISITOR_SEEN_STEP_MS } from './dashboard-rollups';

/**
 * The dashboard with its raw-event questions answered by ClickHouse: the partial days at the edges
 * of a range, the local days and hours, the totals of a window, the trailing visitors. What the
 * commit keeps in the SQL database — the day rollups, each visitor's and page's last sighting,
 * clicks and conversions — is read there by the SQL repository, so the answers are the SQL store's.
 */
export class ClickHouseDashboardRepository implements DashboardRepository {
  private readonly sql: SqlDashboardRepository;

  constructor(
    private readonly sqlDb: Kysely<DB>,
    private readonly clickhouse: ClickHouseClient,
  ) {
    this.sql = new SqlDashboardRepository(sqlDb);
  }

  async edgePageviews(websiteId: string, from: number, to?: number): Promise<[string, number][]> {
    const rows = await chRows<{ url: string; n: number }>(
      this.clickhouse,
      `SELECT url, count() AS n FROM events WHERE ${inRange(to !== undefined)} AND type = 'pageview' GROUP BY url`,
      { w: websiteId, from, to },
    );
    return rows.map((r) => [r.url, Number(r.n)]);
  }

  async edgeVisitors(websiteId: string, from: number, to?: number): Promise<number> {
    const row = await chRow<{ n: number }>(
      this.clickhouse,
      `SELECT uniqExact(visitor_id) AS n FROM events WHERE ${inRange(to !== undefined)}`,
      { w: websiteId, from, to },
    );
    return Number(row?.n ?? 0);
  }

  /** Clicks live in the SQL database. */
  edgeSources(websiteId: string, from: number, to?: number): Promise<SourceCount[]> {
    return this.sql.edgeSources(websiteId, from, to);
  }

  async localDays(
    websiteId: string,
    from: number,
    segments: readonly OffsetSegment[],
  ): Promise<SeriesPoint[]> {
    const rows = await chRows<{ wall_day: number; pageviews: number; visitors: number }>(
      this.clickhouse,
      `SELECT ${wallBucket(segments, DAY_MS)} AS wall_day, countIf(type = 'pageview') AS pageviews,
        uniqExact(visitor_id) AS visitors
       FROM events WHERE ${inRange(false)} GROUP BY wall_day`,
      { w: websiteId, from },
    );
    return rows.map((r) => ({
      t: Number(r.wall_day),
      pageviews: Number(r.pageviews),
      visitors: Number(r.visitors),
    }));
  }

  async localHours(
    websiteId: string,
    from: number,
    segments: readonly OffsetSegment[],
  ): Promise<(SeriesPoint & { segment: number })[]> {
    const rows = await chRows<{ segment: number; wall_hour: number; pageviews: number; visitors: number }>(
      this.clickhouse,
      `SELECT ${segmentOf(segments)} AS segment, ${wallBucket(segments, HOUR_MS)} AS wall_hour,
        countIf(type = 'pageview') AS pageviews, uniqExact(visitor_id) AS visitors
       FROM events WHERE ${inRange(false)} GROUP BY segment, wall_hour`,
      { w: websiteId, from },
    );
    return rows.map((r) => ({
      segment: Number(r.segment),
      t: Number(r.wall_hour),
      pageviews: Number(r.pageviews),
      visitors: Number(r.visitors),
    }));
  }

  async firstEventAt(websiteId: string): Promise<number | null> {
    const row = await chRow<{ ts: number | null }>(
      this.clickhouse,
      `SELECT if(count() = 0, NULL, min(ts)) AS ts FROM events WHERE ${inWebsite()}`,
      { w: websiteId },
    );
    return row?.ts === null || row?.ts === undefined ? null : Number(row.ts);
  }

  /** The day rollups live in the SQL database. */
  days(websiteId: string, day: number): Promise<SeriesPoint[]> {
    return this.sql.days(websiteId, day);
  }

  dayPageviews(websiteId: string, day: number): Promise<[string, number][]> {
    return this.sql.dayPageviews(websiteId, day);
  }

  daySources(websiteId: string, day: number): Promise<SourceCount[]> {
    return this.sql.daySources(websiteId, day);
  }

  async visitorsSince(websiteId: string, since: number): Promise<number> {
    const seen = await this.sqlDb
      .selectFrom('dash_visitor')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(inScope({ websiteId, from: since }, { time: 'last_seen' }))
      .executeTakeFirst();
    // Stored just before `since` (within a step): they count when ClickHouse has an event of theirs
    // in the step after it. Few: one step's worth of last sightings.
    const trailing = await this.sqlDb
      .selectFrom('dash_visitor')
      .select('visitor_id')
      .where(inScope({ websiteId, from: since - VISITOR_SEEN_STEP_MS, to: since }, { time: 'last_seen' }))
      .execute();
    let also = 0;
    if (trailing.length > 0) {
      const row = await chRow<{ n: number }>(
        this.clickhouse,
        `SELECT uniqExact(visitor_id) AS n FROM events WHERE ${inRange(true)} AND visitor_id IN {v:Array(String)}`,
        { w: websiteId, from: since, to: since + VISITOR_SEEN_STEP_MS, v: trailing.map((r) => r.visitor_id) },
      );
      also = Number(row?.n ?? 0);
    }
    return Number(seen?.n ?? 0) + also;
  }

  /** Each page's last sighting lives in the SQL database. */
  pathsSince(websiteId: string, since: number): Promise<number> {
    return this.sql.pathsSince(websiteId, since);
  }

  /** Conversions live in the SQL database. */
  conversionsSince(websiteId: string, since: number): Promise<number> {
    return this.sql.conversionsSince(websiteId, since);
  }

  /** The conversions and each visitor's last sighting live in the SQL database. */
  convertedVisitorsSince(websiteId: string, since: number): Promise<number> {
    return this.sql.convertedVisitorsSince(websiteId, since);
  }

  async totalsBetween(websiteId: string, from: number, to: number): Promise<PeriodTotals> {
    const [events, conversions, converting] = await Promise.all([
      chRow<{ pageviews: number; visitors: number; paths: number }>(
        this.clickhouse,
        `SELECT countIf(type = 'pageview') AS pageviews, uniqExact(visitor_id) AS visitors,
          uniqExactIf(path, type = 'pageview') AS paths
         FROM events WHERE ${inRange(true)}`,
        { w: websiteId, from, to },
      ),
      this.sqlDb
        .selectFrom('conversion')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(inScope({ websiteId, from, to }))
        .executeTakeFirst(),
      this.sqlDb
        .selectFrom('conversion')
        .select('visitor_id')
        .distinct()
        .where(inScope({ websiteId, from, to }))
        .where('visitor_id', 'is not', null)
        .execute(),
    ]);
    // Of the window's converting visitors, those ClickHouse saw in the window.
    const ids = converting.flatMap((r) => (r.visitor_id === null ? [] : [r.visitor_id]));
    const converted =
      ids.length === 0
        ? 0
        : Number(
            (
              await chRow<{ n: number }>(
                this.clickhouse,
                `SELECT uniqExact(visitor_id) AS n FROM events WHERE ${inRange(true)} AND visitor_id IN {v:Array(String)}`,
                { w: websiteId, from, to, v: ids },
              )
            )?.n ?? 0,
          );
    return {
      pageviews: Number(events?.pageviews ?? 0),
      visitors: Number(events?.visitors ?? 0),
      paths: Number(events?.paths ?? 0),
      conversions: Number(conversions?.n ?? 0),
      convertedVisitors: converted,
    };
  }
}
