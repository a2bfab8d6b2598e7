import {
  DAY_MS,
  HOUR_MS,
  type OffsetSegment,
  type PeriodTotals,
  type SeriesPoint,
  type SourceCount,
} from '@ocx/core';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { withoutConsentCount } from '../privacy/without-consent';
import { type EventScope, endsBefore, scopedEvents } from '../sql/event-filters';
import type { FilteredDashboardRepository, FilteredParts } from './dashboard-filtered.repository';
import { segmentOf, wallBucket } from './local-buckets';

type Count = number | string;

const SERIES_COUNTS = sql`sum(case when type = 'pageview' then 1 else 0 end) as pageviews,
  count(distinct visitor_id) as visitors`;

/**
 * The dashboard under filters from the SQL database: every panel from the raw events of the
 * sessions that match them all (event-filters.ts), since the rollups count every session. Slower
 * than the rollups on a large website, and only asked for when a filter is set.
 */
export class SqlFilteredDashboardRepository implements FilteredDashboardRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async parts(
    q: EventScope,
    segments: readonly OffsetSegment[],
    hourly: boolean,
    liveSince: number,
  ): Promise<FilteredParts> {
    const [pageviews, wallDays, wallHours, totals, sources, conversions, convertedVisitors] =
      await Promise.all([
        this.pageviews(q),
        hourly ? Promise.resolve([]) : this.wallDays(q, segments),
        hourly ? this.wallHours(q, segments) : Promise.resolve([]),
        this.totals(q, liveSince),
        this.sources(q),
        this.conversions(q),
        this.convertedVisitors(q),
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
    const [totals, conversions, convertedVisitors] = await Promise.all([
      this.totals(q, q.to),
      this.conversions(q),
      this.convertedVisitors(q),
    ]);
    const { pageviews, visitors, paths } = totals;
    return { pageviews, visitors, paths, conversions, convertedVisitors };
  }

  private async pageviews(q: EventScope): Promise<[string, number][]> {
    const result = await sql<{ url: string; n: Count }>`with ${scopedEvents(q)}
      select url, count(*) as n from scoped where type = 'pageview' group by url`.execute(this.db);
    return result.rows.map((r) => [r.url, Number(r.n)]);
  }

  /** Pageviews and distinct visitors per local day, keyed by its wall date. */
  private async wallDays(q: EventScope, segments: readonly OffsetSegment[]): Promise<SeriesPoint[]> {
    const result = await sql<{ t: Count; pageviews: Count; visitors: Count }>`with ${scopedEvents(q)}
      select ${wallBucket(segments, DAY_MS)} as t, ${SERIES_COUNTS}
      from scoped group by t`.execute(this.db);
    return result.rows.map((r) => ({
      t: Number(r.t),
      pageviews: Number(r.pageviews),
      visitors: Number(r.visitors),
    }));
  }

  /** Pageviews and distinct visitors per local hour, keyed by offset segment and wall hour. */
  private async wallHours(q: EventScope, segments: readonly OffsetSegment[]) {
    const result = await sql<{
      segment: Count;
      t: Count;
      pageviews: Count;
      visitors: Count;
    }>`with ${scopedEvents(q)}
      select ${segmentOf(segments)} as segment, ${wallBucket(segments, HOUR_MS)} as t, ${SERIES_COUNTS}
      from scoped group by segment, t`.execute(this.db);
    return result.rows.map((r) => ({
      segment: Number(r.segment),
      t: Number(r.t),
      pageviews: Number(r.pageviews),
      visitors: Number(r.visitors),
    }));
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
      without_consent: Count;
    }>`with ${scopedEvents(q)}
      select channel, referrer_domain, count(*) as n, ${withoutConsentCount} as without_consent from click
      where website_id = ${q.websiteId} and ts >= ${q.from}${endsBefore(q)}
        and session_id in (select session_id from scoped)
      group by channel, referrer_domain`.execute(this.db);
    return result.rows.map((r) => ({
      channel: r.channel,
      referrerDomain: r.referrer_domain,
      clicks: Number(r.n),
      withoutConsent: Number(r.without_consent),
    }));
  }

  /**
   * Visitors of the matching sessions with any conversion in the range, as a breakdown row counts
   * its converting visitors (breakdown.sql.ts).
   */
  private async convertedVisitors(q: EventScope): Promise<number> {
    const result = await sql<{ n: Count }>`with ${scopedEvents(q)}
      select count(distinct visitor_id) as n from conversion
      where website_id = ${q.websiteId} and ts >= ${q.from}${endsBefore(q)}
        and visitor_id in (select visitor_id from scoped)`.execute(this.db);
    return Number(result.rows[0]?.n ?? 0);
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
