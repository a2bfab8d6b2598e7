import { hashIdentity } from '../hash-visitor';
import type { Step } from '../ingest-types';

/**
 * An event without a visitor id (no consent yet, or a no-JS pixel) gets today's hash visitor and
 * the session it continues (30 minutes of inactivity end one, as with the tracker's ids); a granted consent event names the hash visitor its browser had until now (linkFrom).
 * It runs before the address is anonymized, and the address is never stored with the salt.
 */
export const hashVisitor: Step = async (event, ports) => {
  const consent = event.type === 'consent' && event.granted === true;
  if (event.visitorId && !consent) return event;
  const salt = await ports.visitorSalt();
  const hashed = hashIdentity(
    { salt, websiteId: event.websiteId, ip: event.ip, userAgent: event.userAgent, ts: event.ts },
    ports.hash,
  );
  if (event.visitorId) return { ...event, linkFrom: hashed.visitorId };
  const sessionId = await ports.anonymousSession(hashed.visitorId, event.ts, () => hashed.newSessionId);
  return { ...event, visitorId: hashed.visitorId, sessionId };
};
