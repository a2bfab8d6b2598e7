import type { OffsetSegment, PeriodTotals, SeriesPoint, SourceCount } from '@ocx/core';
import type { EventScope } from '../sql/event-filters';

/**
 * What the filtered dashboard reads from the matching sessions. Series points are keyed by wall
 * time (local midnight or hour read as UTC; hours with their offset segment, as the DST fall-back
 * repeats one), which the service turns into instants.
 */
export interface FilteredParts {
  /** Pageviews per raw URL over the range. */
  pageviews: [url: string, n: number][];
  sources: SourceCount[];
  wallDays: SeriesPoint[];
  wallHours: (SeriesPoint & { segment: number })[];
  uniqueVisitors: number;
  pagesVisited: number;
  conversions: number;
  /** Visitors of the matching sessions who completed any goal in range. */
  convertedVisitors: number;
  liveVisitors: number;
}

/**
 * The dashboard under filters (issue 23: filters that follow the data), from the raw events of the
 * sessions that match them all. One implementation per backend (dashboard-filtered.sql.ts,
 * dashboard-filtered.clickhouse.ts); dashboard-filtered.contract.ts is what both must answer.
 */
export interface FilteredDashboardRepository {
  /**
   * The dashboard's parts for a scope; `segments` are the website zone's offsets over the range
   * (core's offsetSegments), `hourly` asks for the 1-day range's hours instead of days.
   */
  parts(
    q: EventScope,
    segments: readonly OffsetSegment[],
    hourly: boolean,
    liveSince: number,
  ): Promise<FilteredParts>;
  /** The cards' counts of the matching sessions in [from, to): the previous period's. */
  totalsBetween(q: EventScope & { to: number }): Promise<PeriodTotals>;
}
