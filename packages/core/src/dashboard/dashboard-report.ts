import {
  type AttributionModel,
  type Dashboard,
  type DashboardRange,
  type TrafficChannel,
  trafficChannels,
} from '@ocx/contracts';
import {
  localDate,
  localDateEnd,
  localDayStart,
  localDayStarts,
  localHourStarts,
} from '../time-zone/local-time';
import {
  addCounts,
  conversionRate,
  fillBuckets,
  pageUrl,
  percentOf,
  type SeriesPoint,
  topCounts,
} from './dashboard-figures';

export interface SourceCount {
  channel: string;
  /** '' or null when the entrance had no external referrer. */
  referrerDomain: string | null;
  /** Stored clicks (spec §3: session entrances), the dashboard's visits. */
  clicks: number;
  /** Of those clicks, the ones by hash visitors (no consent); 0 when not given. */
  withoutConsent?: number;
}

/**
 * What the store read for one dashboard request. A window start that is not local midnight splits
 * the range into a raw edge [from, next local midnight) read from the events, and whole days read
 * from the rollups; the two never overlap, so their counts add up. When the rollups are not keyed
 * in the website's zone (`raw`), everything was read from the events: the edge holds the whole
 * range and `days` its local days.
 */
export interface DashboardParts {
  range: DashboardRange;
  now: number;
  from: number | null;
  /** The website's IANA zone: the series' days and hours are its local ones (docs/definitions.md#time-zone). */
  timeZone: string;
  /** The whole range came from the raw events (no separate edge point in the series). */
  raw: boolean;
  /** Pageviews per raw URL in the edge (query strings still on). */
  edgePageviews: [url: string, n: number][];
  /** Pageviews per page URL on whole days. */
  dayPageviews: [page: string, n: number][];
  edgeSources: SourceCount[];
  daySources: SourceCount[];
  /** Distinct visitors in the edge: the first (partial) day's point of the series. */
  edgeVisitors: number;
  /** Pageviews and distinct visitors per whole day (t = the instant the local day starts). */
  days: SeriesPoint[];
  /** Per hour over the window, for 1d (hours are charted from raw events). */
  hours: SeriesPoint[];
  uniqueVisitors: number;
  pagesVisited: number;
  conversions: number;
  /** Visitors in range who completed any goal in range: the conversion rate's numerator. */
  convertedVisitors: number;
  liveVisitors: number;
  attributionModel: AttributionModel;
}

/** Where the raw edge ends and the rollup's whole local days begin, for a window starting at `from`. */
export function edgeEnd(from: number, timeZone = 'UTC'): number {
  return localDayStart(timeZone, from) === from
    ? from
    : (localDateEnd(timeZone, localDate(timeZone, from)) as number);
}

const isChannel = (c: string): c is TrafficChannel => (trafficChannels as readonly string[]).includes(c);

/** The docs/definitions.md#dashboard-figures answer from the parts the store read. */
export function buildDashboard(p: DashboardParts): Dashboard {
  const pages = new Map<string, number>();
  addCounts(
    pages,
    p.edgePageviews.map(([url, n]) => [pageUrl(url), n] as const),
  );
  addCounts(pages, p.dayPageviews);
  let totalClicks = 0;
  for (const n of pages.values()) totalClicks += n;

  const referrers = new Map<string, number>();
  const trafficSources = Object.fromEntries(trafficChannels.map((c) => [c, 0])) as Record<
    TrafficChannel,
    number
  >;
  const consent = { visits: 0, withoutConsent: 0, percent: 0 };
  for (const s of [...p.edgeSources, ...p.daySources]) {
    consent.visits += s.clicks;
    consent.withoutConsent += s.withoutConsent ?? 0;
    if (isChannel(s.channel)) trafficSources[s.channel] += s.clicks;
    if (s.referrerDomain) addCounts(referrers, [[s.referrerDomain, s.clicks]]);
  }

  consent.percent = percentOf(consent.withoutConsent, consent.visits);

  const points =
    p.range === '1d'
      ? p.hours
      : [
          ...p.days,
          ...(p.from !== null && !p.raw && edgeEnd(p.from, p.timeZone) !== p.from
            ? [
                {
                  t: localDayStart(p.timeZone, p.from),
                  pageviews: p.edgePageviews.reduce((sum, [, n]) => sum + n, 0),
                  visitors: p.edgeVisitors,
                },
              ]
            : []),
        ];
  const seriesFrom = p.from ?? Math.min(p.now, ...points.map((d) => d.t));
  const starts =
    p.range === '1d'
      ? localHourStarts(p.timeZone, seriesFrom, p.now)
      : localDayStarts(p.timeZone, seriesFrom, p.now);
  const series = points.length === 0 && p.from === null ? [] : fillBuckets(starts, points);

  return {
    range: p.range,
    startDate: p.from === null ? null : new Date(p.from).toISOString(),
    totalClicks,
    uniqueVisitors: p.uniqueVisitors,
    pagesVisited: p.pagesVisited,
    conversions: p.conversions,
    convertedVisitors: p.convertedVisitors,
    conversionRate: conversionRate(p.convertedVisitors, p.uniqueVisitors),
    topPages: topCounts(pages).map(([url, pageviews]) => ({
      url,
      pageviews,
      percent: percentOf(pageviews, totalClicks),
    })),
    topReferrers: topCounts(referrers).map(([referrer, visits]) => ({ referrer, visits })),
    trafficSources,
    consent,
    series: series.map((s) => ({
      t: new Date(s.t).toISOString(),
      pageviews: s.pageviews,
      visitors: s.visitors,
    })),
    bucket: p.range === '1d' ? 'hour' : 'day',
    timezone: p.timeZone,
    liveVisitors: p.liveVisitors,
    attributionModel: p.attributionModel,
  };
}
