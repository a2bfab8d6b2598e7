const DAY_MS = 86_400_000;
const SESSION_MS = 1_800_000;

/** Hashes its input to a short hex id (sha256 on the server; core stays free of node:crypto). */
export type HashText = (text: string) => string;

export interface PixelHit {
  secret: string;
  websiteId: string;
  ip: string;
  userAgent: string;
  now: number;
}

/**
 * Without JavaScript there is no cookie: the visitor is a salted hash of the day, the website, the
 * address and the user agent (Plausible-style), so it changes every day and cannot be followed
 * across days or websites; the session is the same hash per 30 minutes.
 */
export function pixelIdentity(hit: PixelHit, hash: HashText): { visitorId: string; sessionId: string } {
  const base = `${hit.secret}|${Math.floor(hit.now / DAY_MS)}|${hit.websiteId}|${hit.ip}|${hit.userAgent}`;
  return {
    visitorId: hash(`${base}|visitor`),
    sessionId: hash(`${base}|session-${Math.floor(hit.now / SESSION_MS)}`),
  };
}
