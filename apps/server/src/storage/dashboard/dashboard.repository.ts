import type { OffsetSegment, PeriodTotals, SeriesPoint, SourceCount } from '@ocx/core';

/**
 * The dashboard's questions: whole days from the rollups, a partial day from the raw events, and
 * the rolling counts from each visitor's and page's last sighting. One implementation per backend
 * (dashboard.sql.ts, dashboard.clickhouse.ts); dashboard.contract.ts is what both must answer.
 */
export interface DashboardRepository {
  /** Pageviews per raw URL in [from, to). */
  edgePageviews(websiteId: string, from: number, to?: number): Promise<[string, number][]>;
  /** Distinct visitors with any event in [from, to). */
  edgeVisitors(websiteId: string, from: number, to?: number): Promise<number>;
  /** Clicks (session entrances) per channel and referrer domain in [from, to). */
  edgeSources(websiteId: string, from: number, to?: number): Promise<SourceCount[]>;
  /**
   * Pageviews and distinct visitors per local day from `from` on, each keyed by its wall date
   * (epoch ms of local midnight read as UTC); `segments` are the zone's offsets over the range.
   */
  localDays(websiteId: string, from: number, segments: readonly OffsetSegment[]): Promise<SeriesPoint[]>;
  /**
   * Pageviews and distinct visitors per local hour from `from` on, keyed by offset segment and wall
   * hour: a fall-back change repeats a wall hour, the segment tells the two apart.
   */
  localHours(
    websiteId: string,
    from: number,
    segments: readonly OffsetSegment[],
  ): Promise<(SeriesPoint & { segment: number })[]>;
  /** The website's first event, or null: where 'all time' starts when read from raw events. */
  firstEventAt(websiteId: string): Promise<number | null>;
  /** Pageviews and visitors per whole (rolled-up) day from `day` on. */
  days(websiteId: string, day: number): Promise<SeriesPoint[]>;
  /** Pageviews per page URL on whole days from `day` on. */
  dayPageviews(websiteId: string, day: number): Promise<[string, number][]>;
  /** Clicks per channel and referrer domain on whole days from `day` on. */
  daySources(websiteId: string, day: number): Promise<SourceCount[]>;
  /** Visitors with an event at or after `since`. */
  visitorsSince(websiteId: string, since: number): Promise<number>;
  /** Distinct paths with a pageview at or after `since`. */
  pathsSince(websiteId: string, since: number): Promise<number>;
  /** Conversions at or after `since`. */
  conversionsSince(websiteId: string, since: number): Promise<number>;
  /**
   * Visitors seen at or after `since` who completed any goal at or after it: the conversion
   * rate's numerator (docs/definitions.md#dashboard-figures).
   */
  convertedVisitorsSince(websiteId: string, since: number): Promise<number>;
  /** The cards' counts over [from, to) from the raw events. */
  totalsBetween(websiteId: string, from: number, to: number): Promise<PeriodTotals>;
}
