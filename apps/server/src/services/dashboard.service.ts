import {
  AttributionModel,
  type Dashboard,
  type DashboardPrevious,
  type DashboardRange,
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
import type { DashboardRepository } from '../storage/sql/dashboard.repository';
import type { Access, CurrentUser } from './access';

/** DESIGN §10 dashboard: every panel for one website and range in one answer. */
export class DashboardService {
  constructor(
    private readonly dashboard: DashboardRepository,
    private readonly access: Access,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(user: CurrentUser, websiteId: string, range: DashboardRange): Promise<Dashboard> {
    return this.forWebsite(await this.access.website(user, websiteId, 'read'), range);
  }

  /** The cards' figures for the period before the range; null for all time, which has none. */
  async previous(
    user: CurrentUser,
    websiteId: string,
    range: DashboardRange,
  ): Promise<DashboardPrevious | null> {
    const website = await this.access.website(user, websiteId, 'read');
    const window = previousRangeWindow(range, this.clock());
    if (!window) return null;
    return buildPrevious(window, await this.dashboard.totalsBetween(website.id, window.from, window.to));
  }

  /** The dashboard of a website the caller was allowed to read (a user's, or a shared link's). */
  async forWebsite(
    website: { id: string; attribution_model: string; timezone: string },
    range: DashboardRange,
  ): Promise<Dashboard> {
    const websiteId = website.id;
    const timeZone = website.timezone;
    const now = this.clock();
    const r = this.dashboard;
    const from = rangeStart(range, now);
    const since = from ?? 0;
    const raw = !rollupsKeyedIn(timeZone);
    const read = raw
      ? this.fromEvents(websiteId, timeZone, range, from, now)
      : this.fromRollups(websiteId, range, from);
    const [series, uniqueVisitors, pagesVisited, conversions, liveVisitors] = await Promise.all([
      read,
      r.visitorsSince(websiteId, since),
      r.pathsSince(websiteId, since),
      r.conversionsSince(websiteId, since),
      r.visitorsSince(websiteId, now - LIVE_WINDOW_MS),
    ]);
    const model = AttributionModel.safeParse(website.attribution_model);
    return buildDashboard({
      range,
      now,
      from,
      timeZone,
      raw,
      ...series,
      uniqueVisitors,
      pagesVisited,
      conversions,
      liveVisitors,
      attributionModel: model.success ? model.data : 'first_touch',
    });
  }

  /** Whole (UTC) days from the rollups; the part of the first day inside the window from raw events. */
  private async fromRollups(websiteId: string, range: DashboardRange, from: number | null) {
    const since = from ?? 0;
    const wholeDays = from === null ? 0 : edgeEnd(from);
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
    return { edgePageviews, edgeSources, edgeVisitors, days, dayPageviews, daySources, hours };
  }

  /**
   * Everything from the raw events, bucketed by the website's local days or hours with the zone's
   * offsets over the range (DESIGN §7 Time zone): correct in any zone, slower over long ranges.
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
    // Events may carry a time up to a few minutes ahead (DESIGN §10 Collect): the segments reach past now.
    const segments = offsetSegments(timeZone, since, now + DAY_MS);
    const [edgePageviews, edgeSources, days, hours] = await Promise.all([
      r.edgePageviews(websiteId, since),
      r.edgeSources(websiteId, since),
      range === '1d' ? [] : r.localDays(websiteId, since, segments),
      range === '1d' ? r.localHours(websiteId, since, segments) : [],
    ]);
    return {
      ...none,
      edgePageviews,
      edgeSources,
      days: days.map((d) => ({ ...d, t: dayStartOfWall(timeZone, d.t) })),
      hours: hours.map(({ segment, ...h }) => ({ ...h, t: hourStartOfWall(segments, segment, h.t) })),
    };
  }
}

/** The rollups count UTC days, so they serve the dashboard of a website in UTC only. */
const rollupsKeyedIn = (timeZone: string): boolean => timeZone === 'UTC';
