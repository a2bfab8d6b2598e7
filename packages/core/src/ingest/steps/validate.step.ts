import { CollectEvent } from '@ocx/contracts';
import { DAY_MS } from '../../durations';
import { type Drop, drop, type Incoming, type IngestEvent } from '../ingest-types';
import { screenClass } from '../screen-class';

/** Offline-queued events keep their time when it lies in the last 7 days and at most 5 minutes ahead. */
const MAX_EVENT_AGE_MS = 7 * DAY_MS;
const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** docs/decisions.md#tracking: a sender's `ts` is honoured within the last 7 days and 5 minutes ahead; else the time it arrived. */
export function honouredTime(ts: number | undefined, receivedAt: number): number {
  return ts !== undefined && ts >= receivedAt - MAX_EVENT_AGE_MS && ts <= receivedAt + MAX_CLOCK_SKEW_MS
    ? ts
    : receivedAt;
}

export function validate(incoming: Incoming): IngestEvent | Drop {
  const parsed = CollectEvent.safeParse(incoming.payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return drop('invalid', issue ? `${issue.path.join('.') || 'event'}: ${issue.message}` : 'invalid event');
  }
  const e = parsed.data;
  let url: URL;
  try {
    url = new URL(e.url);
  } catch {
    return drop('invalid', 'url: not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return drop('invalid', 'url: must be http or https');
  // Query parameters are stored decoded (UTM tags, click ids): %00 would be a NUL character.
  let nul = false;
  url.searchParams.forEach((value, key) => {
    nul ||= key.includes('\u0000') || value.includes('\u0000');
  });
  if (nul) return drop('invalid', 'url: must not contain NUL characters');
  const { receivedAt } = incoming;
  const ts = honouredTime(e.ts, receivedAt);
  return {
    websiteId: incoming.site,
    type: e.type,
    eventId: e.eventId,
    visitorId: e.visitorId ?? '',
    sessionId: e.visitorId ? (e.sessionId ?? '') : '',
    ts,
    url: e.url,
    host: url.hostname.toLowerCase(),
    path: url.pathname || '/',
    query: url.search,
    title: e.title || null,
    referrer: e.referrer || null,
    name: e.name ?? null,
    selector: e.selector ?? null,
    value: e.value ?? null,
    currency: e.currency?.toUpperCase() ?? null,
    props: e.props ?? null,
    userId: e.userId ?? null,
    granted: e.granted ?? null,
    linkFrom: null,
    ip: incoming.ip,
    userAgent: incoming.userAgent,
    website: null,
    country: null,
    region: null,
    city: null,
    deviceType: null,
    browser: null,
    os: null,
    screen: screenClass(e.sw),
    utm: { source: null, medium: null, campaign: null, term: null, content: null },
    ocxid: null,
    campaignId: null,
    clickIdType: null,
    clickId: null,
    referrerDomain: null,
    channel: 'direct',
    goalMatches: [],
    notices: [],
  };
}
