import type { ClickHouseClient } from '@clickhouse/client';
import {
  DAY_MS,
  HASH_VISITOR_PREFIX,
  HOUR_MS,
  type OffsetSegment,
  type PeriodTotals,
  type SeriesPoint,
  type SourceCount,
} from '@ocx/core';
import { chRow, chRows, inRange, inWebsite } from '../clickhouse/clickhouse-query';
import { type ClickHouseScope, clickHouseScope } from '../clickhouse/event-filters.clickhouse';
import { current, live } from '../clickhouse/mirror-reads.clickhouse';
import type { EventScope } from '../sql/event-filters';
import { segmentOf, wallBucket } from './clickhouse-buckets';
import type { FilteredDashboardRepository, FilteredParts } from './dashboard-filtered.repository';

type Count = number | string;

/**
 * The dashboard under filters with the raw events in ClickHouse, the same answers as
 * SqlFilteredDashboardRepository's once ClickHouse's copies of the clicks and conversions are up to
 * date: all in ClickHouse, the matching sessions' events, their entrances (clicks) and the
 * conversions of their events or sessions.
 */
export class ClickHouseFilteredDashboardRepository implements FilteredDashboardRepository {
  constructor(private readonly clickhouse: ClickHouseClient) {}

  async parts(
    q: EventScope,
    segments: readonly OffsetSegment[],
    hourly: boolean,
    liveSince: number,
  ): Promise<FilteredParts> {
    const scope = clickHouseScope(q);
    const [pageviews, wallDays, wallHours, totals, sources, conversions, convertedVisitors] =
      await Promise.all([
        this.pageviews(scope),
        hourly ? Promise.resolve([]) : this.wallDays(scope, segments),
        hourly ? this.wallHours(scope, segments) : Promise.resolve([]),
        this.totals(scope, liveSince),
        this.sources(q, scope),
        this.conversions(q, scope),
        this.convertedVisitors(q, scope),
      ]);
    return {
      pageviews,
      sources,
      wallDays,
      wallHours,
      uniqueVisitors: totals.visitors,
      pagesVisited: totals.paths,
      conversions,
      convertedVisitors,
      liveVisitors: totals.live,
    };
  }

  async totalsBetween(q: EventScope & { to: number }): Promise<PeriodTotals> {
    const scope = clickHouseScope(q);
    const [totals, conversions, convertedVisitors] = await Promise.all([
      this.totals(scope, q.to),
      this.conversions(q, scope),
      this.convertedVisitors(q, scope),
    ]);
    const { pageviews, visitors, paths } = totals;
    return { pageviews, visitors, paths, conversions, convertedVisitors };
  }

  private rows<T>(scope: ClickHouseScope, select: string, params: Record<string, unknown> = {}) {
    return chRows<T>(this.clickhouse, `WITH ${scope.cte} ${select}`, { ...scope.params, ...params });
  }

  private row<T>(scope: ClickHouseScope, select: string, params: Record<string, unknown> = {}) {
    return chRow<T>(this.clickhouse, `WITH ${scope.cte} ${select}`, { ...scope.params, ...params });
  }

  private async pageviews(scope: ClickHouseScope): Promise<[string, number][]> {
    const rows = await this.rows<{ url: string; n: Count }>(
      scope,
      "SELECT url, count() AS n FROM scoped WHERE type = 'pageview' GROUP BY url",
    );
    return rows.map((r) => [r.url, Number(r.n)]);
  }

  private async wallDays(scope: ClickHouseScope, segments: readonly OffsetSegment[]): Promise<SeriesPoint[]> {
    const rows = await this.rows<{ t: Count; pageviews: Count; visitors: Count }>(
      scope,
      `SELECT ${wallBucket(segments, DAY_MS)} AS t, countIf(type = 'pageview') AS pageviews,
        uniqExact(visitor_id) AS visitors FROM scoped GROUP BY t`,
    );
    return rows.map((r) => ({
      t: Number(r.t),
      pageviews: Number(r.pageviews),
      visitors: Number(r.visitors),
    }));
  }

  private async wallHours(scope: ClickHouseScope, segments: readonly OffsetSegment[]) {
    const rows = await this.rows<{ segment: Count; t: Count; pageviews: Count; visitors: Count }>(
      scope,
      `SELECT ${segmentOf(segments)} AS segment, ${wallBucket(segments, HOUR_MS)} AS t,
        countIf(type = 'pageview') AS pageviews, uniqExact(visitor_id) AS visitors
       FROM scoped GROUP BY segment, t`,
    );
    return rows.map((r) => ({
      segment: Number(r.segment),
      t: Number(r.t),
      pageviews: Number(r.pageviews),
      visitors: Number(r.visitors),
    }));
  }

  private async totals(scope: ClickHouseScope, liveSince: number) {
    const row = await this.row<{ pageviews: Count; visitors: Count; paths: Count; live: Count }>(
      scope,
      `SELECT countIf(type = 'pageview') AS pageviews, uniqExact(visitor_id) AS visitors,
        uniqExactIf(path, type = 'pageview') AS paths, uniqExactIf(visitor_id, ts >= {live:Int64}) AS live
       FROM scoped`,
      { live: liveSince },
    );
    return {
      pageviews: Number(row?.pageviews ?? 0),
      visitors: Number(row?.visitors ?? 0),
      paths: Number(row?.paths ?? 0),
      live: Number(row?.live ?? 0),
    };
  }

  /** Session entrances of the matching sessions per channel and referrer domain (ClickHouse's copy of the clicks). */
  private async sources(q: EventScope, scope: ClickHouseScope): Promise<SourceCount[]> {
    const rows = await this.rows<{
      channel: string;
      referrer_domain: string | null;
      n: Count;
      without: Count;
    }>(
      scope,
      `SELECT channel, referrer_domain, count() AS n, countIf(startsWith(visitor_id, {hash:String})) AS without
      FROM ${current('clicks')}
      WHERE ${inRange(q.to !== undefined)} AND ${live}
        AND session_id IN (SELECT session_id FROM scoped)
      GROUP BY channel, referrer_domain`,
      { hash: HASH_VISITOR_PREFIX },
    );
    return rows.map((r) => ({
      channel: r.channel,
      referrerDomain: r.referrer_domain,
      clicks: Number(r.n),
      withoutConsent: Number(r.without),
    }));
  }

  /** Visitors of the matching sessions with any conversion in the range (ClickHouse's copy). */
  private async convertedVisitors(q: EventScope, scope: ClickHouseScope): Promise<number> {
    const row = await this.row<{ n: Count }>(
      scope,
      `SELECT uniqExact(visitor_id) AS n FROM ${current('conversions')}
      WHERE ${inRange(q.to !== undefined)} AND ${live} AND visitor_id IN (SELECT visitor_id FROM scoped)`,
    );
    return Number(row?.n ?? 0);
  }

  /** Conversions in the range whose event matches, or whose click's session does (ClickHouse's copies). */
  private async conversions(q: EventScope, scope: ClickHouseScope): Promise<number> {
    const row = await this.row<{ n: Count }>(
      scope,
      `SELECT count() AS n FROM conversions AS c FINAL
      LEFT JOIN (SELECT id, session_id FROM ${current('clicks')} WHERE ${inWebsite()} AND ${live}) AS k
        ON k.id = c.click_id
      WHERE ${inRange(q.to !== undefined, 'c.')} AND c.deleted = 0
        AND (c.event_id IN (SELECT event_id FROM scoped) OR k.session_id IN (SELECT session_id FROM scoped))
      SETTINGS join_use_nulls = 1`,
    );
    return Number(row?.n ?? 0);
  }
}
