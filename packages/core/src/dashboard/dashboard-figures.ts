/** DESIGN §7 Dashboard: ranges, rounding, top lists and the chart's series, as pure functions. */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** 'Visitors right now': anyone with an event in the last five minutes. */
export const LIVE_WINDOW_MS = 5 * 60_000;
/** Spec §9: top lists are capped at 10. */
export const TOP_LIMIT = 10;

export type DashboardRangeKey = '1d' | '7d' | '30d' | 'all';

const RANGE_DAYS: Record<DashboardRangeKey, number | null> = { '1d': 1, '7d': 7, '30d': 30, all: null };

/** Start of a rolling window ending now (DESIGN §7); null for all time. */
export function rangeStart(range: DashboardRangeKey, now: number): number | null {
  const days = RANGE_DAYS[range];
  return days === null ? null : now - days * DAY_MS;
}

/** The last 24 hours are charted per hour, longer ranges per (UTC) day. */
export function bucketSize(range: DashboardRangeKey): number {
  return range === '1d' ? HOUR_MS : DAY_MS;
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

/** Spec §9: conversions over clicks times 100, to one decimal. */
export function conversionRate(conversions: number, clicks: number): number {
  return percentOf(conversions, clicks);
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
  clicks: number;
  visitors: number;
}

/**
 * One point per bucket from the bucket holding `from` to the one holding `now`; buckets without
 * data are zero so the chart's time axis is even. Points outside the span are ignored.
 */
export function fillSeries(from: number, now: number, size: number, points: SeriesPoint[]): SeriesPoint[] {
  const first = floorTo(from, size);
  const last = floorTo(now, size);
  const byBucket = new Map<number, SeriesPoint>();
  for (const p of points) {
    const t = floorTo(p.t, size);
    const at = byBucket.get(t) ?? { t, clicks: 0, visitors: 0 };
    at.clicks += p.clicks;
    at.visitors += p.visitors;
    byBucket.set(t, at);
  }
  const out: SeriesPoint[] = [];
  for (let t = first; t <= last; t += size) out.push(byBucket.get(t) ?? { t, clicks: 0, visitors: 0 });
  return out;
}
