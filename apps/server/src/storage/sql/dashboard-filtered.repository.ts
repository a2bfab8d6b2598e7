import {
  DAY_MS,
  type DashboardParts,
  HOUR_MS,
  type PeriodTotals,
  pageUrl,
  type SeriesPoint,
  type SourceCount,
} from '@ocx/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { type EventScope, endsBefore, scopedEvents } from './event-filters';

/** The parts of a dashboard that come from the store (the range and model come from the request). */
export type StoredParts = Omit<DashboardParts, 'range' | 'now' | 'from' | 'attributionModel'>;

type Count = number | string;

/**
 * The dashboard under filters (issue 23: filters that follow the data): every panel from the raw
 * events of the sessions that match them all (event-filters.ts), since the rollups count every
 * session. Slower than the rollups on a large website, and only asked for when a filter is set.
 */
export class FilteredDashboardRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * The stored parts for a scope: pageviews and visitors before `wholeDays` form the range's partial
   * first day, as the rollup reader's edge does; `hourly` gives the 1-day range's hours.
   */
  async parts(q: EventScope, wholeDays: number, hourly: boolean, liveSince: number): Promise<StoredParts> {
    const [pages, days, edgeVisitors, hours, totals, sources, conversions] = await Promise.all([
      this.pageviews(q, wholeDays),
      this.series(q, DAY_MS, sql` where ts >= ${wholeDays}`),
      this.distinctVisitors(q, sql` where ts < ${wholeDays}`),
      hourly ? this.series(q, HOUR_MS, sql``) : Promise.resolve([]),
      this.totals(q, liveSince),
      this.sources(q),
      this.conversions(q),
    ]);
    return {
      edgePageviews: pages.filter((p) => p.edge).map((p) => [p.url, p.n]),
      dayPageviews: pages.filter((p) => !p.edge).map((p) => [pageUrl(p.url), p.n]),
      edgeSources: sources,
      daySources: [],
      edgeVisitors,
      days,
      hours,
      uniqueVisitors: totals.visitors,
      pagesVisited: totals.paths,
      conversions,
      liveVisitors: totals.live,
    };
  }

  /** The cards' counts of the matching sessions in [from, to): the previous period's. */
  async totalsBetween(q: EventScope & { to: number }): Promise<PeriodTotals> {
    const [totals, conversions] = await Promise.all([this.totals(q, q.to), this.conversions(q)]);
    return { pageviews: totals.pageviews, visitors: totals.visitors, paths: totals.paths, conversions };
  }

  private async pageviews(q: EventScope, wholeDays: number) {
    const result = await sql<{ url: string; edge: Count; n: Count }>`with ${scopedEvents(q)}
      select url, case when ts < ${wholeDays} then 1 else 0 end as edge, count(*) as n
      from scoped where type = 'pageview' group by url, edge`.execute(this.db);
    return result.rows.map((r) => ({ url: r.url, edge: Number(r.edge) === 1, n: Number(r.n) }));
  }

  /** Pageviews and distinct visitors per bucket of `size` ms (UTC), over the events `where` keeps. */
  private async series(q: EventScope, size: number, where: RawBuilder<unknown>): Promise<SeriesPoint[]> {
    const bucket = sql`(ts / ${sql.lit(size)}) * ${sql.lit(size)}`;
    const result = await sql<{ t: Count; clicks: Count; visitors: Count }>`with ${scopedEvents(q)}
      select ${bucket} as t, sum(case when type = 'pageview' then 1 else 0 end) as clicks,
        count(distinct visitor_id) as visitors
      from scoped${where} group by ${bucket}`.execute(this.db);
    return result.rows.map((r) => ({
      t: Number(r.t),
      clicks: Number(r.clicks),
      visitors: Number(r.visitors),
    }));
  }

  private async distinctVisitors(q: EventScope, where: RawBuilder<unknown>): Promise<number> {
    const result = await sql<{ n: Count }>`with ${scopedEvents(q)}
      select count(distinct visitor_id) as n from scoped${where}`.execute(this.db);
    return Number(result.rows[0]?.n ?? 0);
  }

  private async totals(q: EventScope, liveSince: number) {
    const result = await sql<{
      pageviews: Count;
      visitors: Count;
      paths: Count;
      live: Count;
    }>`with ${scopedEvents(q)}
      select sum(case when type = 'pageview' then 1 else 0 end) as pageviews,
        count(distinct visitor_id) as visitors,
        count(distinct case when type = 'pageview' then path end) as paths,
        count(distinct case when ts >= ${liveSince} then visitor_id end) as live
      from scoped`.execute(this.db);
    const row = result.rows[0];
    return {
      pageviews: Number(row?.pageviews ?? 0),
      visitors: Number(row?.visitors ?? 0),
      paths: Number(row?.paths ?? 0),
      live: Number(row?.live ?? 0),
    };
  }

  /** Session entrances of the matching sessions per channel and referrer domain. */
  private async sources(q: EventScope): Promise<SourceCount[]> {
    const result = await sql<{
      channel: string;
      referrer_domain: string | null;
      n: Count;
    }>`with ${scopedEvents(q)}
      select channel, referrer_domain, count(*) as n from click
      where website_id = ${q.websiteId} and ts >= ${q.from}${endsBefore(q)}
        and session_id in (select session_id from scoped)
      group by channel, referrer_domain`.execute(this.db);
    return result.rows.map((r) => ({
      channel: r.channel,
      referrerDomain: r.referrer_domain,
      clicks: Number(r.n),
    }));
  }

  /**
   * Conversions in the range whose session matches: by their event, or (a server-side conversion,
   * which has none) by the click of the session they were tied to.
   */
  private async conversions(q: EventScope): Promise<number> {
    const result = await sql<{ n: Count }>`with ${scopedEvents(q)}
      select count(*) as n from conversion
      where website_id = ${q.websiteId} and ts >= ${q.from}${endsBefore(q)}
        and (event_id in (select event_id from scoped) or click_id in (
          select id from click where website_id = ${q.websiteId} and session_id in (select session_id from scoped)
        ))`.execute(this.db);
    return Number(result.rows[0]?.n ?? 0);
  }
}
