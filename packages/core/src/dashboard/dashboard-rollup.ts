import { isHashVisitor } from '../ingest/hash-visitor';
import type { IngestEvent } from '../ingest/ingest-types';
import type { ClickRow } from '../ingest/write-plan';
import { dayStart, pageUrl } from './dashboard-figures';

/**
 * What a batch of newly stored events adds to the dashboard's rollups (per local day of the
 * website's zone, docs/definitions.md#time-zone; events also per UTC day, which quotas count), so the
 * dashboard never scans months of raw events. The raw events stay the truth: the rollups are
 * written in the same transaction and can be rebuilt from them.
 */
export interface DashboardDelta {
  /** Pageviews and all events per local day. */
  days: { day: number; pageviews: number; events: number }[];
  /** All events per UTC day: what quotas count (billing months stay UTC). */
  eventDays: { day: number; events: number }[];
  /** Who was seen on which day (distinct), for visitors per day. */
  visitorDays: { day: number; visitorId: string }[];
  /** Each visitor's latest event in the batch: visitors in a rolling window = last seen in it. */
  visitors: { visitorId: string; lastSeen: number }[];
  /** Pageviews per day and page URL (no query string or fragment). */
  pageDays: { day: number; page: string; pageviews: number }[];
  /** Each page's latest pageview, with its path (Pages Visited counts distinct paths). */
  pages: { page: string; path: string; lastSeen: number }[];
  /**
   * Clicks (session entrances) per day, channel and referrer domain ('' for none); `withoutConsent`
   * of them by hash visitors (no consent: counted, never linked across days).
   */
  sourceDays: SourceDay[];
}

export interface SourceDay {
  day: number;
  channel: string;
  referrerDomain: string;
  clicks: number;
  withoutConsent: number;
}

/** What the rollups read of an event and of a click (stored rows give the same as new ones). */
export type RollupEvent = Pick<IngestEvent, 'ts' | 'visitorId' | 'type' | 'url' | 'path'>;
export type RollupClick = Pick<ClickRow, 'ts' | 'channel' | 'referrerDomain' | 'visitorId'>;

/** `dayOf` gives the start of the website's local day holding an instant (localDayOf(zone)); UTC by default. */
export function dashboardDelta(
  events: readonly RollupEvent[],
  clicks: readonly RollupClick[],
  dayOf: (ts: number) => number = dayStart,
): DashboardDelta {
  const days = new Map<number, { pageviews: number; events: number }>();
  const eventDays = new Map<number, number>();
  const visitorDays = new Map<string, { day: number; visitorId: string }>();
  const visitors = new Map<string, number>();
  const pageDays = new Map<string, { day: number; page: string; pageviews: number }>();
  const pages = new Map<string, { page: string; path: string; lastSeen: number }>();
  const sourceDays = new Map<string, SourceDay>();

  for (const e of events) {
    const day = dayOf(e.ts);
    eventDays.set(dayStart(e.ts), (eventDays.get(dayStart(e.ts)) ?? 0) + 1);
    visitorDays.set(`${day}\u0000${e.visitorId}`, { day, visitorId: e.visitorId });
    visitors.set(e.visitorId, Math.max(visitors.get(e.visitorId) ?? e.ts, e.ts));
    const counts = days.get(day) ?? { pageviews: 0, events: 0 };
    counts.events += 1;
    days.set(day, counts);
    if (e.type !== 'pageview') continue;
    counts.pageviews += 1;
    const page = pageUrl(e.url);
    const pageDay = pageDays.get(`${day}\u0000${page}`) ?? { day, page, pageviews: 0 };
    pageDay.pageviews += 1;
    pageDays.set(`${day}\u0000${page}`, pageDay);
    const seen = pages.get(page);
    if (!seen || e.ts > seen.lastSeen) pages.set(page, { page, path: e.path, lastSeen: e.ts });
  }
  for (const c of clicks) {
    const day = dayOf(c.ts);
    const referrerDomain = c.referrerDomain ?? '';
    const key = `${day}\u0000${c.channel}\u0000${referrerDomain}`;
    const row = sourceDays.get(key) ?? {
      day,
      channel: c.channel,
      referrerDomain,
      clicks: 0,
      withoutConsent: 0,
    };
    row.clicks += 1;
    if (isHashVisitor(c.visitorId)) row.withoutConsent += 1;
    sourceDays.set(key, row);
  }
  return {
    days: [...days].map(([day, counts]) => ({ day, ...counts })),
    eventDays: [...eventDays].map(([day, n]) => ({ day, events: n })),
    visitorDays: [...visitorDays.values()],
    visitors: [...visitors].map(([visitorId, lastSeen]) => ({ visitorId, lastSeen })),
    pageDays: [...pageDays.values()],
    pages: [...pages.values()],
    sourceDays: [...sourceDays.values()],
  };
}
