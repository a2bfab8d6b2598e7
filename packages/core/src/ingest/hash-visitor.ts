const SESSION_MS = 1_800_000;

/** Hashes its input to a short hex id (sha256 on the server; core stays free of node:crypto). */
export type HashText = (text: string) => string;

/** Marks a derived visitor id: the tracker's ids never contain a dot (TrackerId). */
export const HASH_VISITOR_PREFIX = 'h.';

export interface AnonymousHit {
  /** Today's salt (UTC day); it is deleted when the day ends, so nobody can recompute old ids. */
  salt: string;
  websiteId: string;
  ip: string;
  userAgent: string;
  /** The event's time: where a new session starts. */
  ts: number;
}

/** A hash visitor's session as the server remembers it between events (in memory, never stored). */
export interface SessionMark {
  sessionId: string;
  /** The latest event of the session seen so far. */
  lastTs: number;
}

/**
 * The session of a hash visitor's event at `ts`: the remembered one while the visitor stays active
 * (an event within 30 minutes of the last, as the tracker's sessions), else a new one from `ts` on.
 */
export function continueSession(
  mark: SessionMark | undefined,
  ts: number,
  startNew: () => string,
): SessionMark {
  if (mark && Math.abs(ts - mark.lastTs) <= SESSION_MS)
    return { sessionId: mark.sessionId, lastTs: Math.max(mark.lastTs, ts) };
  return { sessionId: startNew(), lastTs: ts };
}

/**
 * A visitor who has not consented keeps nothing on the device (and a no-JS pixel has no cookie):
 * the visitor is a hash of the day's salt, the website, the address and the user agent
 * (Plausible's scheme), so it changes every day and cannot be followed across days or websites.
 */
export function hashIdentity(hit: AnonymousHit, hash: HashText): { visitorId: string; newSessionId: string } {
  const base = `${hit.salt}|${hit.websiteId}|${hit.ip}|${hit.userAgent}`;
  return {
    visitorId: `${HASH_VISITOR_PREFIX}${hash(`${base}|visitor`).slice(0, 30)}`,
    // A session that starts with this event: the server keeps it while the visitor stays active.
    newSessionId: `${HASH_VISITOR_PREFIX}${hash(`${base}|session-${hit.ts}`).slice(0, 30)}`,
  };
}

export const isHashVisitor = (visitorId: string): boolean => visitorId.startsWith(HASH_VISITOR_PREFIX);
