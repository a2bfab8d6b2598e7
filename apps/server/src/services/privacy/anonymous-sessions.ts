import { continueSession, type SessionMark } from '@ocx/core';
import { LRUCache } from 'lru-cache';

/** Hash visitors remembered at once; the least recently seen are forgotten first. */
const MAX_VISITORS = 100_000;
/** A session ends after 30 minutes without an event; one remembered longer serves nothing. */
const REMEMBER_MS = 60 * 60_000;

/**
 * The sessions of visitors without consent (ingestion's anonymousSession port): a hash visitor has no
 * session id of its own, so the server remembers each one's current session in memory (never
 * stored) and continues it while the visitor stays active, as Plausible's session cache does. A
 * restart, or another instance, starts new sessions.
 */
export function createAnonymousSessions(clock: () => number = Date.now) {
  const marks = new LRUCache<string, SessionMark>({
    max: MAX_VISITORS,
    ttl: REMEMBER_MS,
    perf: { now: clock },
  });
  return (visitorId: string, ts: number, startNew: () => string): string => {
    const mark = continueSession(marks.get(visitorId), ts, startNew);
    marks.set(visitorId, mark);
    return mark.sessionId;
  };
}
