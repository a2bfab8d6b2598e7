import { z } from 'zod';
import type { AttributionModel } from './attribution.schema';
import { filterShape } from './breakdown.schema';
import { dashboardRanges, type trafficChannels } from './constants';
import type { ConsentShare } from './logs.schema';

export type DashboardRange = (typeof dashboardRanges)[number];

export const DashboardQuery = z.object({
  websiteId: z.string({ error: 'websiteId is required' }).min(1, 'websiteId is required').max(64),
  range: z.enum(dashboardRanges, { error: 'range must be one of 1d, 7d, 30d, all' }).default('7d'),
  // Filters narrow the whole dashboard to the sessions that match them all (as the breakdowns).
  ...filterShape,
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

export type TrafficChannel = (typeof trafficChannels)[number];

/**
 * GET /api/analytics/dashboard (docs/definitions.md#dashboard-figures): every panel of the dashboard in one answer.
 * One name per count: `pageviews` are pageview events, `visits` session entrances (a stored Click),
 * `visitors` distinct visitors. `totalClicks` keeps the spec's name and counts pageviews.
 */
export interface Dashboard {
  range: DashboardRange;
  /** ISO start of the window; null for all time. */
  startDate: string | null;
  /** Pageviews in range (the spec's name; the UI's Total Clicks). */
  totalClicks: number;
  /** Distinct visitors in range. */
  uniqueVisitors: number;
  /** Distinct paths viewed in range. */
  pagesVisited: number;
  /** Conversions in range. */
  conversions: number;
  /** Visitors in range who completed any goal in range. */
  convertedVisitors: number;
  /** convertedVisitors / uniqueVisitors × 100, one decimal (docs/metrics.md#conversion-rate). */
  conversionRate: number;
  /** Top 10 page URLs (no query string or fragment) by pageviews; percent of totalClicks, one decimal. */
  topPages: { url: string; pageviews: number; percent: number }[];
  /** Top 10 referrer domains by visits (session entrances). */
  topReferrers: { referrer: string; visits: number }[];
  /** Visits (session entrances) per channel. */
  trafficSources: Record<TrafficChannel, number>;
  /** Visits (session entrances) in range and those without consent (daily-hash visitors). */
  consent: ConsentShare;
  /**
   * Pageviews and distinct visitors per bucket: the website's local hours for 1d, its local days
   * otherwise; `t` is the instant the local bucket starts (docs/definitions.md#time-zone).
   */
  series: { t: string; pageviews: number; visitors: number }[];
  bucket: 'hour' | 'day';
  /** The website's IANA time zone, the series' days and hours are in. */
  timezone: string;
  /** Distinct visitors with an event in the last 5 minutes. */
  liveVisitors: number;
  /** The website's attribution model. */
  attributionModel: AttributionModel;
}

/** GET /api/analytics/dashboard/previous: the cards' figures for the period before the range. */
export interface DashboardPrevious {
  /** ISO bounds of the previous window [startDate, endDate): as long as the range, ending where it starts. */
  startDate: string;
  endDate: string;
  /** Pageviews in the previous window (as Dashboard.totalClicks). */
  totalClicks: number;
  /** Distinct visitors in the previous window. */
  uniqueVisitors: number;
  /** Distinct paths viewed in the previous window. */
  pagesVisited: number;
  /** Conversions in the previous window. */
  conversions: number;
  /** Visitors of the previous window who completed any goal in it. */
  convertedVisitors: number;
  /** convertedVisitors / uniqueVisitors × 100, one decimal. */
  conversionRate: number;
}

/**
 * GET /api/websites/{id}/rollups: whether the daily figures are being re-keyed for a new time zone
 * (the dashboard reads raw events meanwhile) and how far, 0..1 (null when nothing runs).
 */
export interface RollupStatus {
  timezone: string;
  rebuilding: boolean;
  progress: number | null;
}
