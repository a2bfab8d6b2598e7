import type { BreakdownDimension } from '@ocx/contracts';
import type { IngestEvent } from '../ingest/ingest-types';
import { dayStart } from './dashboard-figures';

/**
 * The breakdown dimensions kept in rollups (issue 27): those whose value is the event's own (a
 * column, or a pageview's path), so it never changes once stored. Session values (entry and exit
 * pages, sources) and visitor values (goals, properties) are counted from the raw events.
 */
export const ROLLED_BREAKDOWNS = {
  country: (e) => e.country,
  region: (e) => e.region,
  city: (e) => e.city,
  device: (e) => e.deviceType,
  browser: (e) => e.browser,
  os: (e) => e.os,
  screen: (e) => e.screen,
  page: (e) => (e.type === 'pageview' ? e.path : undefined),
} as const satisfies Partial<Record<BreakdownDimension, (e: IngestEvent) => string | null | undefined>>;

export type RolledBreakdown = keyof typeof ROLLED_BREAKDOWNS;

export const isRolledBreakdown = (d: BreakdownDimension): d is RolledBreakdown =>
  Object.hasOwn(ROLLED_BREAKDOWNS, d);

/** What a batch of events adds to the breakdown rollups; '' stands for no value. */
export interface BreakdownDelta {
  /** Each visitor's latest event per dimension value. */
  visitors: { dimension: RolledBreakdown; value: string; visitorId: string; lastSeen: number }[];
  /** Pageviews per dimension value and day. */
  days: { dimension: RolledBreakdown; day: number; value: string; pageviews: number }[];
}

export function breakdownDelta(
  events: IngestEvent[],
  dayOf: (ts: number) => number = dayStart,
): BreakdownDelta {
  const visitors = new Map<string, BreakdownDelta['visitors'][number]>();
  const days = new Map<string, BreakdownDelta['days'][number]>();
  const dimensions = Object.entries(ROLLED_BREAKDOWNS) as [
    RolledBreakdown,
    (e: IngestEvent) => string | null | undefined,
  ][];
  for (const e of events) {
    const day = dayOf(e.ts);
    for (const [dimension, read] of dimensions) {
      const raw = read(e);
      if (raw === undefined) continue;
      const value = raw ?? '';
      const key = `${dimension}\u0000${value}\u0000${e.visitorId}`;
      const seen = visitors.get(key);
      if (!seen) visitors.set(key, { dimension, value, visitorId: e.visitorId, lastSeen: e.ts });
      else if (e.ts > seen.lastSeen) seen.lastSeen = e.ts;
      if (e.type !== 'pageview') continue;
      const dayKey = `${dimension}\u0000${day}\u0000${value}`;
      const row = days.get(dayKey) ?? { dimension, day, value, pageviews: 0 };
      row.pageviews += 1;
      days.set(dayKey, row);
    }
  }
  return { visitors: [...visitors.values()], days: [...days.values()] };
}
