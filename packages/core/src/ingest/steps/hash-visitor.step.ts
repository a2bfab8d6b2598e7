import { hashIdentity } from '../hash-visitor';
import type { Step } from '../ingest-types';

/**
 * An event without a visitor id (no consent yet, or a no-JS pixel) gets today's hash visitor and
 * session; it runs before the address is anonymized, and the address is never stored with the salt.
 */
export const hashVisitor: Step = async (event, ports) => {
  if (event.visitorId) return event;
  const salt = await ports.visitorSalt();
  const { visitorId, sessionId } = hashIdentity(
    { salt, websiteId: event.websiteId, ip: event.ip, userAgent: event.userAgent, ts: event.ts },
    ports.hash,
  );
  return { ...event, visitorId, sessionId };
};
