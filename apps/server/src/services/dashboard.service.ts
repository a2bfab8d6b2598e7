import {
  AttributionModel,
  type BreakdownFilters,
  type Dashboard,
  type DashboardPrevious,
  type DashboardRange,
} from '@ocx/contracts';
import {
  buildDashboard,
  buildPrevious,
  edgeEnd,
  LIVE_WINDOW_MS,
  previousRangeWindow,
  rangeStart,
} from '@ocx/core';
import type { DashboardRepository } from '../storage/sql/dashboard.repository';
import type { ReportReaders } from '../storage/sql/report-reader-messages';
import type { Access, CurrentUser } from './access';

const NO_FILTERS: BreakdownFilters = {};
const isFiltered = (filters: BreakdownFilters) => Object.keys(filters).length > 0;

/** DESIGN §10 dashboard: every panel for one website and range in one answer. */
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
    website: { id: string; attribution_model: string },
    range: DashboardRange,
    filters: BreakdownFilters = NO_FILTERS,
  ): Promise<Dashboard> {
    const websiteId = website.id;
    const now = this.clock();
    const from = rangeStart(range, now);
    // Whole days come from the rollups; the part of the first day inside the window from raw events.
    const since = from ?? 0;
    const wholeDays = from === null ? 0 : edgeEnd(from);
    const model = AttributionModel.safeParse(website.attribution_model);
    const request = {
      range,
      now,
      from,
      attributionModel: model.success ? model.data : 'first_touch',
    } as const;
    if (isFiltered(filters)) {
      const scope = { websiteId, from: since, filters };
      const parts = await this.filtered.parts(scope, wholeDays, range === '1d', now - LIVE_WINDOW_MS);
      return buildDashboard({ ...request, ...parts });
    }
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
        range === '1d' ? r.hours(websiteId, since) : [],
      ]);
    const [uniqueVisitors, pagesVisited, conversions, liveVisitors] = await Promise.all([
      r.visitorsSince(websiteId, since),
      r.pathsSince(websiteId, since),
      r.conversionsSince(websiteId, since),
      r.visitorsSince(websiteId, now - LIVE_WINDOW_MS),
    ]);
    return buildDashboard({
      ...request,
      edgePageviews,
      dayPageviews,
      edgeSources,
      daySources,
      edgeVisitors,
      days,
      hours,
      uniqueVisitors,
      pagesVisited,
      conversions,
      liveVisitors,
    });
  }
}
