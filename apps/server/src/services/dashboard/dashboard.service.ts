import {
  AttributionModel,
  type BreakdownFilters,
  type Dashboard,
  type DashboardPrevious,
  type DashboardRange,
  type RollupStatus,
} from '@ocx/contracts';
import {
  buildDashboard,
  buildPrevious,
  DAY_MS,
  dayStartOfWall,
  edgeEnd,
  hourStartOfWall,
  LIVE_WINDOW_MS,
  offsetSegments,
  previousRangeWindow,
  rangeStart,
} from '@ocx/core';
import type { DashboardRepository } from '../../storage/dashboard/dashboard.repository';
import type { ReportReaders } from '../../storage/events/report-reader-messages';
import type { Access, CurrentUser } from '../platform/access';
import { rebuildProgress } from './rollup-rebuild.task';

const NO_FILTERS: BreakdownFilters = {};
const isFiltered = (filters: BreakdownFilters) => Object.keys(filters).length > 0;

/** docs/definitions.md#dashboard-figures dashboard: every panel for one website and range in one answer. */
export class DashboardService {
  constructor(
    private readonly dashboard: DashboardRepository,
    private readonly filtered: ReportReaders['filteredDashboard'],
    private readonly access: Access,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Filters narrow every panel to the sessions that match them all (as the breakdowns do). */
  async get(
    user: CurrentUser,
    websiteId: string,
    range: DashboardRange,
    filters: BreakdownFilters = NO_FILTERS,
  ): Promise<Dashboard> {
    return this.forWebsite(await this.access.website(user, websiteId, 'read'), range, filters);
  }

  /** Whether the day rollups are re-keyed for a new zone, and how far (docs/definitions.md#time-zone). */
  async rollupStatus(user: CurrentUser, websiteId: string): Promise<RollupStatus> {
    const website = await this.access.website(user, websiteId, 'read');
    const until = website.rollup_rebuilt_until;
    const first = until === null ? null : await this.dashboard.firstEventAt(website.id);
    return {
      timezone: website.timezone,
      rebuilding: until !== null,
      progress: rebuildProgress(until, first, this.clock()),
    };
  }

  /** The cards' figures for the period before the range; null for all time, which has none. */
  async previous(
    user: CurrentUser,
    websiteId: string,
    range: DashboardRange,
    filters: BreakdownFilters = NO_FILTERS,
  ): Promise<DashboardPrevious | null> {
    const website = await this.access.website(user, websiteId, 'read');
    const window = previousRangeWindow(range, this.clock());
    if (!window) return null;
    const totals = isFiltered(filters)
      ? await this.filtered.totalsBetween({ websiteId: website.id, ...window, filters })
      : await this.dashboard.totalsBetween(website.id, window.from, window.to);
    return buildPrevious(window, totals);
  }

  /** The dashboard of a website the caller was allowed to read (a user's, or a shared link's). */
  async forWebsite(
    website: { id: string; attribution_model: string; timezone: string; rollup_rebuilt_until: number | null },
    range: DashboardRange,
    filters: BreakdownFilters = NO_FILTERS,
  ): Promise<Dashboard> {
    const websiteId = website.id;
    const timeZone = website.timezone;
    const now = this.clock();
    const model = AttributionModel.safeParse(website.attribution_model);
    const from = rangeStart(range, now);
    const request = {
      range,
      now,
      from,
      timeZone,
      attributionModel: model.success ? model.data : 'first_touch',
    } as const;
    if (isFiltered(filters)) {
      const parts = await this.filteredParts(websiteId, timeZone, range, from, now, filters);
      return buildDashboard({ ...request, raw: true, ...parts });
    }
    const r = this.dashboard;
    const since = from ?? 0;
    // While the rollups are rebuilt for a new zone, the raw events answer (correct, slower).
    const raw = website.rollup_rebuilt_until !== null;
    const read = raw
      ? this.fromEvents(websiteId, timeZone, range, from, now)
      : this.fromRollups(websiteId, timeZone, range, from, now);
    const [series, uniqueVisitors, pagesVisited, conversions, convertedVisitors, liveVisitors] =
      await Promise.all([
        read,
        r.visitorsSince(websiteId, since),
        r.pathsSince(websiteId, since),
        r.conversionsSince(websiteId, since),
        r.convertedVisitorsSince(websiteId, since),
        r.visitorsSince(websiteId, now - LIVE_WINDOW_MS),
      ]);
    return buildDashboard({
      ...request,
      raw,
      ...series,
      uniqueVisitors,
      pagesVisited,
      conversions,
      convertedVisitors,
      liveVisitors,
    });
  }

  /**
   * The dashboard under filters: every panel from the raw events of the matching sessions (on the
   * report reader thread on SQLite), the series in the website's local days or hours.
   */
  private async filteredParts(
    websiteId: string,
    timeZone: string,
    range: DashboardRange,
    from: number | null,
    now: number,
    filters: BreakdownFilters,
  ) {
    const since = from ?? (await this.dashboard.firstEventAt(websiteId)) ?? now;
    const segments = this.segments(timeZone, since, now);
    const scope = { websiteId, from: since, filters };
    const parts = await this.filtered.parts(scope, segments, range === '1d', now - LIVE_WINDOW_MS);
    return {
      edgePageviews: parts.pageviews,
      edgeSources: parts.sources,
      edgeVisitors: 0,
      dayPageviews: [],
      daySources: [],
      days: parts.wallDays.map((d) => ({ ...d, t: dayStartOfWall(timeZone, d.t) })),
      hours: parts.wallHours.map(({ segment, ...h }) => ({
        ...h,
        t: hourStartOfWall(segments, segment, h.t),
      })),
      uniqueVisitors: parts.uniqueVisitors,
      pagesVisited: parts.pagesVisited,
      conversions: parts.conversions,
      convertedVisitors: parts.convertedVisitors,
      liveVisitors: parts.liveVisitors,
    };
  }

  /** Whole local days from the rollups; the part of the first day inside the window from raw events. */
  private async fromRollups(
    websiteId: string,
    timeZone: string,
    range: DashboardRange,
    from: number | null,
    now: number,
  ) {
    const since = from ?? 0;
    const wholeDays = from === null ? 0 : edgeEnd(from, timeZone);
    const hasEdge = wholeDays > since;
    const r = this.dashboard;
    const [edgePageviews, edgeSources, edgeVisitors, days, dayPageviews, daySources, hours] =
      await Promise.all([
        hasEdge ? r.edgePageviews(websiteId, since, wholeDays) : [],
        hasEdge ? r.edgeSources(websiteId, since, wholeDays) : [],
        hasEdge ? r.edgeVisitors(websiteId, since, wholeDays) : 0,
        r.days(websiteId, wholeDays),
        r.dayPageviews(websiteId, wholeDays),
        r.daySources(websiteId, wholeDays),
        range === '1d' ? this.hours(websiteId, timeZone, since, now) : [],
      ]);
    return { edgePageviews, edgeSources, edgeVisitors, days, dayPageviews, daySources, hours };
  }

  /**
   * Everything from the raw events, bucketed by the website's local days with the zone's offsets
   * over the range (docs/definitions.md#time-zone): correct in any zone, slower over long ranges.
   */
  private async fromEvents(
    websiteId: string,
    timeZone: string,
    range: DashboardRange,
    from: number | null,
    now: number,
  ) {
    const r = this.dashboard;
    const since = from ?? (await r.firstEventAt(websiteId));
    const none = { edgeVisitors: 0, dayPageviews: [], daySources: [], days: [], hours: [] };
    if (since === null) return { ...none, edgePageviews: [], edgeSources: [] };
    const [edgePageviews, edgeSources, days, hours] = await Promise.all([
      r.edgePageviews(websiteId, since),
      r.edgeSources(websiteId, since),
      range === '1d' ? [] : r.localDays(websiteId, since, this.segments(timeZone, since, now)),
      range === '1d' ? this.hours(websiteId, timeZone, since, now) : [],
    ]);
    return {
      ...none,
      edgePageviews,
      edgeSources,
      days: days.map((d) => ({ ...d, t: dayStartOfWall(timeZone, d.t) })),
      hours,
    };
  }

  /** Local hours from `since` on, from the raw events (the rollups keep days only). */
  private async hours(websiteId: string, timeZone: string, since: number, now: number) {
    const segments = this.segments(timeZone, since, now);
    const hours = await this.dashboard.localHours(websiteId, since, segments);
    return hours.map(({ segment, ...h }) => ({ ...h, t: hourStartOfWall(segments, segment, h.t) }));
  }

  /** The zone's offsets from `since` on; events may carry a time a few minutes ahead (docs/decisions.md#tracking). */
  private segments(timeZone: string, since: number, now: number) {
    return offsetSegments(timeZone, since, now + DAY_MS);
  }
}
