import type { IngestEvent } from '@ocx/core';

let sequence = 0;

/** A fully enriched event, as the pipeline hands it to the event store. */
export function ingestEvent(overrides: Partial<IngestEvent> = {}): IngestEvent {
  sequence += 1;
  return {
    websiteId: 'site-a',
    type: 'pageview',
    eventId: `event-${sequence}-${Date.now()}`,
    visitorId: 'visitor-1',
    sessionId: 'session-1',
    ts: 1_800_000_000_000 + sequence,
    url: 'https://shop.test/',
    host: 'shop.test',
    path: '/',
    query: '',
    title: 'Home',
    referrer: null,
    name: null,
    selector: null,
    value: null,
    currency: null,
    props: null,
    userId: null,
    granted: null,
    linkFrom: null,
    ip: '81.2.69.0',
    userAgent: 'Mozilla/5.0',
    website: null,
    country: 'GB',
    region: 'England, GB',
    city: 'London, England, GB',
    deviceType: 'desktop',
    browser: 'Chrome',
    os: 'Linux',
    screen: 'desktop',
    utm: { source: null, medium: null, campaign: null, term: null, content: null },
    ocxid: null,
    campaignId: null,
    clickIdType: null,
    clickId: null,
    referrerDomain: null,
    channel: 'direct',
    goalMatches: [],
    notices: [],
    ...overrides,
  };
}
