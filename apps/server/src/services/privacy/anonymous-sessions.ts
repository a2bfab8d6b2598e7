import { continueSession, type SessionMark } from '@ocx/core';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Hash visitors remembered at once; the least recently seen are forgotten first. */
const MAX_VISITORS = 100_000;
/** A session ends after 30 minutes without an event; one remembered longer serves nothing. */
const REMEMBER_MS = 60 * 60_000;

/**
 * The sessions of visitors without consent (ingestion's anonymousSession port): a hash visitor has no
 * session id of its own, so the server remembers each one's current session in memory (never
 * stored) and continues it while the visitor stays active, as Plausible's session cache does. A
 * restart starts new sessions. With `redis` (REDIS_URL) every app server reads and writes the same
 * marks, which expire after an hour, so a visitor's requests may reach any server; without it, or
 * while Redis is away, each server remembers its own (a proxy then keeps a client on one server).
 */
export function createAnonymousSessions(clock: () => number = Date.now, redis: Redis | null = null) {
  const marks = new LRUCache<string, SessionMark>({
    max: MAX_VISITORS,
    ttl: REMEMBER_MS,
    perf: { now: clock },
  });
  const local = (visitorId: string, ts: number, startNew: () => string): string => {
    const mark = continueSession(marks.get(visitorId), ts, startNew);
    marks.set(visitorId, mark);
    return mark.sessionId;
  };
  if (!redis) return local;
  return async (visitorId: string, ts: number, startNew: () => string): Promise<string> => {
    const key = `ocx:session:${visitorId}`;
    try {
      const kept = await redis.get(key);
      const mark = continueSession(kept ? (JSON.parse(kept) as SessionMark) : undefined, ts, startNew);
      await redis.set(key, JSON.stringify(mark), 'PX', REMEMBER_MS);
      return mark.sessionId;
    } catch {
      return local(visitorId, ts, startNew);
    }
  };
}
