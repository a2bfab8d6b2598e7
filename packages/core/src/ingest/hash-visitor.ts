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
  /** The event's time: the session is the same hash per 30 minutes. */
  ts: number;
}

/**
 * A visitor who has not consented keeps nothing on the device (and a no-JS pixel has no cookie):
 * the visitor is a hash of the day's salt, the website, the address and the user agent
 * (Plausible's scheme), so it changes every day and cannot be followed across days or websites.
 */
export function hashIdentity(hit: AnonymousHit, hash: HashText): { visitorId: string; sessionId: string } {
  const base = `${hit.salt}|${hit.websiteId}|${hit.ip}|${hit.userAgent}`;
  return {
    visitorId: `${HASH_VISITOR_PREFIX}${hash(`${base}|visitor`).slice(0, 30)}`,
    sessionId: `${HASH_VISITOR_PREFIX}${hash(`${base}|session-${Math.floor(hit.ts / SESSION_MS)}`).slice(0, 30)}`,
  };
}

export const isHashVisitor = (visitorId: string): boolean => visitorId.startsWith(HASH_VISITOR_PREFIX);
