import type { ClickHouseClient } from '@clickhouse/client';
import {
  DAY_MS,
  HOUR_MS,
  type OffsetSegment,
  type PeriodTotals,
  type SeriesPoint,
  type SourceCount,
} from '@ocx/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { FilteredDashboardRepository, FilteredParts } from '../sql/dashboard-filtered.repository';
import type { EventScope } from '../sql/event-filters';
import { inScope } from '../sql/filters';
import { byHashVisitor } from '../sql/privacy/without-consent';
import { segmentOf, wallBucket } from './clickhouse-buckets';
import { type ClickHouseScope, chRows, clickHouseScope, idSet, inIdSet } from './event-filters.clickhouse';

type Count = number | string;

/**
 * The dashboard under filters with the raw events in ClickHouse, the same answers as
 * FilteredDashboardRepository's: the matching sessions' events are counted in ClickHouse; their
 * entrances (clicks) and conversions stay in SQL, read there and kept when ClickHouse has their
 * session or event among the matching ones.
 */
export class ClickHouseFilteredDashboardRepository
  implements Pick<FilteredDashboardRepository, 'parts' | 'totalsBetween'>
{
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clickhouse: ClickHouseClient,
  ) {}

  async parts(
    q: EventScope,
    segments: readonly OffsetSegment[],
    hourly: boolean,
    liveSince: number,
  ): Promise<FilteredParts> {
    const scope = await clickHouseScope(this.db, this.clickhouse, q);
    const [pageviews, wallDays, wallHours, totals, sources, conversions] = await Promise.all([
      this.pageviews(scope),
      hourly ? Promise.resolve([]) : this.wallDays(scope, segments),
      hourly ? this.wallHours(scope, segments) : Promise.resolve([]),
      this.totals(scope, liveSince),
      this.sources(q, scope),
      this.conversions(q, scope),
    ]);
    return {
      pageviews,
      sources,
      wallDays,
      wallHours,
      uniqueVisitors: totals.visitors,
      pagesVisited: totals.paths,
      conversions,
      liveVisitors: totals.live,
    };
  }

  async totalsBetween(q: EventScope & { to: number }): Promise<PeriodTotals> {
    const scope = await clickHouseScope(this.db, this.clickhouse, q);
    const [totals, conversions] = await Promise.all([this.totals(scope, q.to), this.conversions(q, scope)]);
    return { pageviews: totals.pageviews, visitors: totals.visitors, paths: totals.paths, conversions };
  }

  private rows<T>(scope: ClickHouseScope, select: string, params: Record<string, unknown> = {}) {
    return chRows<T>(this.clickhouse, `WITH ${scope.cte} ${select}`, { ...scope.params, ...params });
  }

  private async pageviews(scope: ClickHouseScope): Promise<[string, number][]> {
    const rows = await this.rows<{ url: string; n: Count }>(
      scope,
      "SELECT url, count() AS n FROM scoped WHERE type = 'pageview' GROUP BY url",
    );
    return rows.map((r) => [r.url, Number(r.n)]);
  }

  private async wallDays(scope: ClickHouseScope, segments: readonly OffsetSegment[]): Promise<SeriesPoint[]> {
    const rows = await this.rows<{ t: Count; clicks: Count; visitors: Count }>(
      scope,
      `SELECT ${wallBucket(segments, DAY_MS)} AS t, countIf(type = 'pageview') AS clicks,
        uniqExact(visitor_id) AS visitors FROM scoped GROUP BY t`,
    );
    return rows.map((r) => ({ t: Number(r.t), clicks: Number(r.clicks), visitors: Number(r.visitors) }));
  }

  private async wallHours(scope: ClickHouseScope, segments: readonly OffsetSegment[]) {
    const rows = await this.rows<{ segment: Count; t: Count; clicks: Count; visitors: Count }>(
      scope,
      `SELECT ${segmentOf(segments)} AS segment, ${wallBucket(segments, HOUR_MS)} AS t,
        countIf(type = 'pageview') AS clicks, uniqExact(visitor_id) AS visitors
       FROM scoped GROUP BY segment, t`,
    );
    return rows.map((r) => ({
      segment: Number(r.segment),
      t: Number(r.t),
      clicks: Number(r.clicks),
      visitors: Number(r.visitors),
    }));
  }

  private async totals(scope: ClickHouseScope, liveSince: number) {
    const [row] = await this.rows<{ pageviews: Count; visitors: Count; paths: Count; live: Count }>(
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

  /**
   * Which of `ids` (of `column`: session_id or event_id) the matching sessions have, in one pass: the
   * ids go to ClickHouse as a set (a list as a parameter would need a pass per 2,000 of them).
   */
  private async matching(scope: ClickHouseScope, column: 'session_id' | 'event_id', ids: string[]) {
    if (ids.length === 0) return new Set<string>();
    const set = await idSet(this.clickhouse, [...new Set(ids)]);
    const rows = await this.rows<{ id: string }>(
      scope,
      `SELECT DISTINCT ${column} AS id FROM scoped WHERE ${column} IN ${inIdSet('ids')}`,
      { ids: set },
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Session entrances of the matching sessions per channel and referrer domain. */
  private async sources(q: EventScope, scope: ClickHouseScope): Promise<SourceCount[]> {
    const clicks = await this.db
      .selectFrom('click')
      .select(['session_id', 'channel', 'referrer_domain', byHashVisitor().as('without_consent')])
      .where(inScope(q))
      .execute();
    const sessions = await this.matching(
      scope,
      'session_id',
      clicks.map((c) => c.session_id),
    );
    const counted = new Map<string, Required<SourceCount>>();
    for (const c of clicks) {
      if (!sessions.has(c.session_id)) continue;
      const key = JSON.stringify([c.channel, c.referrer_domain]);
      const row = counted.get(key) ?? {
        channel: c.channel,
        referrerDomain: c.referrer_domain,
        clicks: 0,
        withoutConsent: 0,
      };
      row.clicks += 1;
      row.withoutConsent += c.without_consent ? 1 : 0;
      counted.set(key, row);
    }
    return [...counted.values()];
  }

  /** Conversions in the range whose event matches, or whose click's session does. */
  private async conversions(q: EventScope, scope: ClickHouseScope): Promise<number> {
    const conversions = await this.db
      .selectFrom('conversion as c')
      .leftJoin('click as k', (join) =>
        join.onRef('k.id', '=', 'c.click_id').on('k.website_id', '=', q.websiteId),
      )
      .select(['c.event_id', 'k.session_id'])
      .where(inScope(q, { alias: 'c' }))
      .execute();
    const [events, sessions] = await Promise.all([
      this.matching(
        scope,
        'event_id',
        conversions.flatMap((c) => (c.event_id ? [c.event_id] : [])),
      ),
      this.matching(
        scope,
        'session_id',
        conversions.flatMap((c) => (c.session_id ? [c.session_id] : [])),
      ),
    ]);
    return conversions.filter(
      (c) => (c.event_id && events.has(c.event_id)) || (c.session_id && sessions.has(c.session_id)),
    ).length;
  }
}
