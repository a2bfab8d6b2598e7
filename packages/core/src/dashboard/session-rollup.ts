import type { IngestEvent } from '../ingest/ingest-types';

/**
 * The session breakdowns kept in rollups (issue 27): a session's value is its first event's
 * column (sources), its first pageview's path (entry_page), fixed once the session started —
 * unless an earlier event arrives late, which re-keys the session (sessionRollupDelta) — or its
 * last pageview's path (exit_page), which moves with each later pageview.
 */
export const SESSION_BREAKDOWNS = {
  referrer: 'referrer_domain',
  channel: 'channel',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  utm_term: 'utm_term',
  utm_content: 'utm_content',
  campaign: 'campaign_id',
  entry_page: 'entry',
  exit_page: 'exit_path',
} as const;

export type SessionBreakdown = keyof typeof SESSION_BREAKDOWNS;
/** The dash_session column holding each session breakdown's value. */
export type SessionValueColumn = (typeof SESSION_BREAKDOWNS)[SessionBreakdown];

export const isSessionBreakdown = (d: string): d is SessionBreakdown => Object.hasOwn(SESSION_BREAKDOWNS, d);

/** Pageviews are rolled up per value and UTC hour of their session's start (time zones need no re-keying). */
export const SESSION_HOUR_MS = 3_600_000;
/** Sessions lasting this long are indexed apart (migration 0033's dash_session_long_idx says 21600000). */
export const SESSION_LONG_MS = 6 * 3_600_000;
/** A session's stored last_seen moves in steps: its events all lie before last_seen + this. */
export const SESSION_SEEN_STEP_MS = 30 * 60_000;

export const sessionHourOf = (ts: number) =>
  ts - (((ts % SESSION_HOUR_MS) + SESSION_HOUR_MS) % SESSION_HOUR_MS);

/**
 * A session's first event's values, its first and last pageviews' paths and when they happened,
 * and how many pageviews it has had.
 */
export interface SessionValues {
  started: number;
  lastSeen: number;
  referrer_domain: string | null;
  channel: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  campaign_id: string | null;
  entry: string | null;
  entryTs: number | null;
  exit_path: string | null;
  exitTs: number | null;
  pageviews: number;
}

/** A session as dash_session holds it: its values and the visitors with events in it. */
export interface StoredSession extends SessionValues {
  visitors: Set<string>;
}

export interface SessionRollupDelta {
  /** dash_session rows to write (insert, or overwrite the values and last_seen). */
  sessions: { sessionId: string; visitorId: string; values: SessionValues }[];
  /** Visitor rows whose last_seen (latest session start with the value) may only grow. */
  visitors: { dimension: SessionBreakdown; value: string; visitorId: string; started: number }[];
  /** Visitor rows to recount from dash_session once `sessions` are written (a session re-keyed, an exit moved). */
  recounts: { dimension: SessionBreakdown; value: string; visitorId: string }[];
  /** Pageviews to add per dimension, value and start hour (negative: moved away by a re-keying or an exit). */
  hours: { dimension: SessionBreakdown; hour: number; value: string; pageviews: number }[];
}

const DIMENSIONS = Object.entries(SESSION_BREAKDOWNS) as [SessionBreakdown, SessionValueColumn][];

/** What a session has done so far, kept whichever event turns out to be its first. */
type SessionProgress = Pick<
  SessionValues,
  'lastSeen' | 'entry' | 'entryTs' | 'exit_path' | 'exitTs' | 'pageviews'
>;

const NO_PROGRESS = { entry: null, entryTs: null, exit_path: null, exitTs: null, pageviews: 0 } as const;

const progressOf = (s: SessionValues): SessionProgress => ({
  lastSeen: s.lastSeen,
  entry: s.entry,
  entryTs: s.entryTs,
  exit_path: s.exit_path,
  exitTs: s.exitTs,
  pageviews: s.pageviews,
});

function firstValues(e: IngestEvent): Omit<SessionValues, keyof SessionProgress> {
  return {
    started: e.ts,
    referrer_domain: e.referrerDomain,
    channel: e.channel,
    utm_source: e.utm.source,
    utm_medium: e.utm.medium,
    utm_campaign: e.utm.campaign,
    utm_term: e.utm.term,
    utm_content: e.utm.content,
    campaign_id: e.campaignId,
  };
}

/**
 * What a batch of one website's newly derived events (in stored order) adds to the session
 * rollups, given the sessions stored before. Rows are written when a session or a visitor in it is
 * new, when it has new pageviews (its count and exit), when its last_seen step moves, or when it
 * is re-keyed: an event earlier than its start, or a pageview earlier than its entry, arrives late.
 * A re-keyed session's or a moved exit's pageviews so far (the stored count) move with its value.
 */
export function sessionRollupDelta(
  events: IngestEvent[],
  existing: Map<string, StoredSession>,
): SessionRollupDelta {
  const delta: SessionRollupDelta = { sessions: [], visitors: [], recounts: [], hours: [] };
  const hours = new Map<string, SessionRollupDelta['hours'][number]>();
  const addHour = (dimension: SessionBreakdown, started: number, value: string | null, pageviews: number) => {
    if (value === null || pageviews === 0) return;
    const hour = sessionHourOf(started);
    const key = `${dimension}\u0000${hour}\u0000${value}`;
    const row = hours.get(key) ?? { dimension, hour, value, pageviews: 0 };
    row.pageviews += pageviews;
    hours.set(key, row);
  };
  const bySession = new Map<string, IngestEvent[]>();
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    const list = bySession.get(e.sessionId);
    if (list) list.push(e);
    else bySession.set(e.sessionId, [e]);
  }
  for (const [sessionId, list] of bySession) {
    const first = list[0] as IngestEvent;
    const views = list.filter((e) => e.type === 'pageview');
    const firstView = views[0];
    // Sorted by time, equal times in stored order: the last of equals was stored last, as the raw read picks.
    const lastView = views[views.length - 1];
    const pageviews = views.length;
    const lastTs = list[list.length - 1]?.ts ?? first.ts;
    const stored = existing.get(sessionId);
    const batchVisitors = new Set(list.map((e) => e.visitorId));
    // The session's values after this batch: its first event's (the stored ones win ties, stored
    // earlier), and what it has done so far.
    const values: SessionValues = {
      ...(stored && stored.started <= first.ts ? stored : firstValues(first)),
      ...(stored ? progressOf(stored) : { ...NO_PROGRESS, lastSeen: first.ts }),
    };
    if (firstView && (values.entryTs === null || firstView.ts < values.entryTs)) {
      values.entry = firstView.path;
      values.entryTs = firstView.ts;
    }
    if (lastView && (values.exitTs === null || lastView.ts >= values.exitTs)) {
      values.exit_path = lastView.path;
      values.exitTs = lastView.ts;
    }
    values.pageviews += pageviews;
    const stepped = lastTs >= values.lastSeen + SESSION_SEEN_STEP_MS;
    if (stepped || !stored) values.lastSeen = Math.max(values.lastSeen, lastTs);
    const allVisitors = new Set([...(stored?.visitors ?? []), ...batchVisitors]);
    const rekeyed =
      stored !== undefined &&
      (first.ts < stored.started ||
        (firstView !== undefined && stored.entryTs !== null && firstView.ts < stored.entryTs));
    const entryKnown = stored !== undefined && stored.entry === null && values.entry !== null;
    const rewrite = !stored || rekeyed || pageviews > 0 || stepped;
    for (const visitorId of allVisitors)
      if (rewrite || !stored?.visitors.has(visitorId)) delta.sessions.push({ sessionId, visitorId, values });
    for (const [dimension, column] of DIMENSIONS) {
      const value = values[column];
      const exitMoved = dimension === 'exit_page' && stored !== undefined && stored.exit_path !== value;
      if ((rekeyed || exitMoved) && stored) {
        const before = stored.pageviews;
        addHour(dimension, stored.started, stored[column], -before);
        addHour(dimension, values.started, value, before + pageviews);
        for (const visitorId of allVisitors) {
          if (stored[column] !== null)
            delta.recounts.push({ dimension, value: stored[column] as string, visitorId });
          if (value === null || value === stored[column]) continue;
          // An exit moves on from the same start: the new value's latest start can only grow.
          if (rekeyed) delta.recounts.push({ dimension, value, visitorId });
          else delta.visitors.push({ dimension, value, visitorId, started: values.started });
        }
        continue;
      }
      addHour(dimension, values.started, value, pageviews);
      if (value === null) continue;
      const fresh = dimension === 'entry_page' && entryKnown;
      for (const visitorId of allVisitors)
        if (!stored || fresh || !stored.visitors.has(visitorId))
          delta.visitors.push({ dimension, value, visitorId, started: values.started });
    }
  }
  delta.hours = [...hours.values()];
  return delta;
}
