import type { ClickHouseClient } from '@clickhouse/client';
import type { OffsetSegment, PeriodTotals } from '@ocx/core';
import { DAY_MS, HOUR_MS, type SeriesPoint } from '@ocx/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { inScope } from '../sql/filters';
import { segmentOf, wallBucket } from './clickhouse-buckets';
import { DashboardRepository } from './dashboard.sql';
import { VISITOR_SEEN_STEP_MS } from './dashboard-rollups';

/** `website_id = … and ts >= … and ts < …` with ClickHouse parameters {w}, {from}, {to}. */
const scope = (to: boolean) =>
  `website_id = {w:String} AND ts >= {from:Int64}${to ? ' AND ts < {to:Int64}' : ''}`;

/**
 * The dashboard with its raw-event questions answered by ClickHouse: the partial days at the edges
 * of a range, the local days and hours, the totals of a window, the trailing visitors. What the
 * commit keeps in the SQL database — the day rollups, each visitor's and page's last sighting,
 * clicks and conversions — is read there as before, so the answers are the SQL store's.
 */
export class ClickHouseDashboardRepository extends DashboardRepository {
  constructor(
    private readonly sqlDb: Kysely<DB>,
    private readonly clickhouse: ClickHouseClient,
  ) {
    super(sqlDb);
  }

  private async rows<T>(query: string, params: Record<string, unknown>): Promise<T[]> {
    const result = await this.clickhouse.query({ query, query_params: params, format: 'JSONEachRow' });
    return result.json<T>();
  }

  override async edgePageviews(websiteId: string, from: number, to?: number): Promise<[string, number][]> {
    const rows = await this.rows<{ url: string; n: number }>(
      `SELECT url, count() AS n FROM events WHERE ${scope(to !== undefined)} AND type = 'pageview' GROUP BY url`,
      { w: websiteId, from, to },
    );
    return rows.map((r) => [r.url, Number(r.n)]);
  }

  override async edgeVisitors(websiteId: string, from: number, to?: number): Promise<number> {
    const [row] = await this.rows<{ n: number }>(
      `SELECT uniqExact(visitor_id) AS n FROM events WHERE ${scope(to !== undefined)}`,
      { w: websiteId, from, to },
    );
    return Number(row?.n ?? 0);
  }

  override async localDays(
    websiteId: string,
    from: number,
    segments: readonly OffsetSegment[],
  ): Promise<SeriesPoint[]> {
    const rows = await this.rows<{ wall_day: number; clicks: number; visitors: number }>(
      `SELECT ${wallBucket(segments, DAY_MS)} AS wall_day, countIf(type = 'pageview') AS clicks,
        uniqExact(visitor_id) AS visitors
       FROM events WHERE ${scope(false)} GROUP BY wall_day`,
      { w: websiteId, from },
    );
    return rows.map((r) => ({
      t: Number(r.wall_day),
      clicks: Number(r.clicks),
      visitors: Number(r.visitors),
    }));
  }

  override async localHours(
    websiteId: string,
    from: number,
    segments: readonly OffsetSegment[],
  ): Promise<(SeriesPoint & { segment: number })[]> {
    const rows = await this.rows<{ segment: number; wall_hour: number; clicks: number; visitors: number }>(
      `SELECT ${segmentOf(segments)} AS segment, ${wallBucket(segments, HOUR_MS)} AS wall_hour,
        countIf(type = 'pageview') AS clicks, uniqExact(visitor_id) AS visitors
       FROM events WHERE ${scope(false)} GROUP BY segment, wall_hour`,
      { w: websiteId, from },
    );
    return rows.map((r) => ({
      segment: Number(r.segment),
      t: Number(r.wall_hour),
      clicks: Number(r.clicks),
      visitors: Number(r.visitors),
    }));
  }

  override async firstEventAt(websiteId: string): Promise<number | null> {
    const [row] = await this.rows<{ ts: number | null }>(
      'SELECT if(count() = 0, NULL, min(ts)) AS ts FROM events WHERE website_id = {w:String}',
      { w: websiteId },
    );
    return row?.ts === null || row?.ts === undefined ? null : Number(row.ts);
  }

  override async visitorsSince(websiteId: string, since: number): Promise<number> {
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
      const [row] = await this.rows<{ n: number }>(
        `SELECT uniqExact(visitor_id) AS n FROM events WHERE ${scope(true)} AND visitor_id IN {v:Array(String)}`,
        { w: websiteId, from: since, to: since + VISITOR_SEEN_STEP_MS, v: trailing.map((r) => r.visitor_id) },
      );
      also = Number(row?.n ?? 0);
    }
    return Number(seen?.n ?? 0) + also;
  }

  override async totalsBetween(websiteId: string, from: number, to: number): Promise<PeriodTotals> {
    const [[events], conversions] = await Promise.all([
      this.rows<{ pageviews: number; visitors: number; paths: number }>(
        `SELECT countIf(type = 'pageview') AS pageviews, uniqExact(visitor_id) AS visitors,
          uniqExactIf(path, type = 'pageview') AS paths
         FROM events WHERE ${scope(true)}`,
        { w: websiteId, from, to },
      ),
      this.sqlDb
        .selectFrom('conversion')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(inScope({ websiteId, from, to }))
        .executeTakeFirst(),
    ]);
    return {
      pageviews: Number(events?.pageviews ?? 0),
      visitors: Number(events?.visitors ?? 0),
      paths: Number(events?.paths ?? 0),
      conversions: Number(conversions?.n ?? 0),
    };
  }
}
