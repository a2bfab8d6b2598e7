import { DAY_MS } from '../durations';
/** docs/definitions.md#dashboard-figures: ranges, rounding, top lists and the chart's series, as pure functions. */

/** 'Visitors right now': anyone with an event in the last five minutes. */
export const LIVE_WINDOW_MS = 5 * 60_000;
/** Spec §9: top lists are capped at 10. */
export const TOP_LIMIT = 10;

export type DashboardRangeKey = '1d' | '7d' | '30d' | 'all';

const RANGE_DAYS: Record<DashboardRangeKey, number | null> = { '1d': 1, '7d': 7, '30d': 30, all: null };

/** Start of a rolling window ending now (docs/definitions.md#dashboard-figures); null for all time. */
export function rangeStart(range: DashboardRangeKey, now: number): number | null {
  const days = RANGE_DAYS[range];
  return days === null ? null : now - days * DAY_MS;
}

export const floorTo = (ts: number, size: number) => Math.floor(ts / size) * size;
export const dayStart = (ts: number) => floorTo(ts, DAY_MS);

/** A page URL as Top Pages counts it: without query string or fragment. */
export function pageUrl(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

/** part / whole × 100 to one decimal; 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 1000) / 10;
}

/**
 * The one conversion rate (docs/metrics.md#conversion-rate): visitors who completed any goal over
 * visitors, times 100, to one decimal; 0 without visitors. Spec §9 divides conversions by clicks;
 * docs/decisions.md#differences-from-the-original-product-description says why OCX does not.
 */
export function conversionRate(convertedVisitors: number, visitors: number): number {
  return percentOf(convertedVisitors, visitors);
}

/** Adds counts into a map (the rollup's full days plus the raw edge of a partial day). */
export function addCounts(into: Map<string, number>, rows: Iterable<readonly [string, number]>): void {
  for (const [key, n] of rows) into.set(key, (into.get(key) ?? 0) + n);
}

/** The largest counts first, ties by name, at most `limit`. */
export function topCounts(counts: Map<string, number>, limit = TOP_LIMIT): [string, number][] {
  return [...counts]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, limit);
}

export interface SeriesPoint {
  /** Bucket start, ms. */
  t: number;
  /** Pageviews in the bucket. */
  pageviews: number;
  /** Distinct visitors in the bucket. */
  visitors: number;
}

/**
 * One point per bucket, given the buckets' starts in order (local days or hours, docs/definitions.md#time-zone
 * zone); buckets without data are zero. A point goes to the last bucket starting at or before it;
 * points before the first bucket are ignored.
 */
export function fillBuckets(starts: number[], points: SeriesPoint[]): SeriesPoint[] {
  const out = starts.map((t) => ({ t, pageviews: 0, visitors: 0 }));
  for (const p of points) {
    let lo = 0;
    let hi = out.length - 1;
    if (hi < 0 || p.t < (out[0] as SeriesPoint).t) continue;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if ((out[mid] as SeriesPoint).t <= p.t) lo = mid;
      else hi = mid - 1;
    }
    const at = out[lo] as SeriesPoint;
    at.pageviews += p.pageviews;
    at.visitors += p.visitors;
  }
  return out;
}
