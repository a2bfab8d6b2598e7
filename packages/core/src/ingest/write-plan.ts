import { toMinorUnits } from '../attribution/money';
import { type ConversionType, conversionType } from './conversion-type';
import type { IngestEvent, Utm } from './ingest-types';

/** A session as stored: which click (entrance) its events belong to. */
export interface VisitState {
  sessionId: string;
  visitorId: string;
  clickRowId: string;
  campaignId: string | null;
  sourceKey: string | null;
  startedAt: number;
  /** Time of the latest entrance. */
  lastSeen: number;
}

/** A touchpoint: one per session entrance (docs/definitions.md#sessions-and-entrances), direct ones included. */
export interface ClickRow {
  id: string;
  websiteId: string;
  visitorId: string;
  sessionId: string;
  ts: number;
  campaignId: string | null;
  ocxid: string | null;
  source: string | null;
  medium: string | null;
  channel: string;
  landingPage: string;
  referrer: string | null;
  referrerDomain: string | null;
  utm: Utm;
  clickIdType: string | null;
  clickId: string | null;
  ip: string;
  deviceType: string | null;
  browser: string | null;
  os: string | null;
  country: string | null;
}

export interface ConversionRow {
  id: string;
  websiteId: string;
  campaignId: string | null;
  goalId: string;
  goalName: string;
  clickRowId: string | null;
  /** In the currency's minor units (docs/definitions.md#money). */
  valueMinor: number | null;
  currency: string;
  ts: number;
  visitorId: string;
  conversionType: ConversionType;
  /** One conversion per event and goal, so a retried event never counts twice. */
  dedupeKey: string;
  eventId: string;
}

export interface IdentityRow {
  visitorId: string;
  userId: string;
  ts: number;
}

export interface WritePlan {
  visits: VisitState[];
  clicks: ClickRow[];
  conversions: ConversionRow[];
  identities: IdentityRow[];
}

/** What makes a landing a new entrance within a running session: campaign markers. */
export function sourceKey(event: IngestEvent): string | null {
  if (event.ocxid) return `ocxid:${event.ocxid}`;
  if (event.clickId) return `${event.clickIdType}:${event.clickId}`;
  const { source, medium, campaign } = event.utm;
  return source || medium || campaign ? `utm:${source ?? ''}|${medium ?? ''}|${campaign ?? ''}` : null;
}

function clickFor(event: IngestEvent, id: string): ClickRow {
  return {
    id,
    websiteId: event.websiteId,
    visitorId: event.visitorId,
    sessionId: event.sessionId,
    ts: event.ts,
    campaignId: event.campaignId,
    ocxid: event.ocxid,
    source: event.utm.source ?? event.referrerDomain,
    medium: event.utm.medium,
    channel: event.channel,
    landingPage: `https://${event.host}${event.path}`,
    referrer: event.referrer && event.referrerDomain ? event.referrer : null,
    referrerDomain: event.referrerDomain,
    utm: event.utm,
    clickIdType: event.clickIdType,
    clickId: event.clickId,
    ip: event.ip,
    deviceType: event.deviceType,
    browser: event.browser,
    os: event.os,
    country: event.country,
  };
}

/**
 * Given the newly stored events of a batch and the sessions they continue, decides which are
 * session entrances (clicks), which conversions their goal matches make and which identities they
 * link. Events are taken in time order; a session's first event, or a landing with new campaign
 * markers, is an entrance.
 */
export function planWrite(
  events: IngestEvent[],
  existing: Map<string, VisitState>,
  newId: () => string,
): WritePlan {
  const visits = new Map(existing);
  // Sessions whose entrance is new or changed; a session that merely continues is not rewritten.
  const changed = new Set<string>();
  const plan: WritePlan = { visits: [], clicks: [], conversions: [], identities: [] };
  const ordered = [...events].sort((a, b) => a.ts - b.ts);

  for (const event of ordered) {
    let visit = visits.get(event.sessionId);
    const key = sourceKey(event);
    if (!visit || (key !== null && key !== visit.sourceKey && event.type === 'pageview')) {
      const click = clickFor(event, newId());
      plan.clicks.push(click);
      visit = {
        sessionId: event.sessionId,
        visitorId: event.visitorId,
        clickRowId: click.id,
        campaignId: event.campaignId,
        sourceKey: key,
        startedAt: visit?.startedAt ?? event.ts,
        lastSeen: event.ts,
      };
      visits.set(event.sessionId, visit);
      changed.add(event.sessionId);
    }

    for (const match of event.goalMatches) {
      plan.conversions.push({
        id: newId(),
        websiteId: event.websiteId,
        campaignId: visit.campaignId,
        goalId: match.goalId,
        goalName: match.goalName,
        clickRowId: visit.clickRowId,
        valueMinor: match.value === null ? null : toMinorUnits(match.value, match.currency),
        currency: match.currency,
        ts: event.ts,
        visitorId: event.visitorId,
        conversionType: conversionType(match.goalName, match.value),
        dedupeKey: `${event.eventId}:${match.goalId}`,
        eventId: event.eventId,
      });
    }
    if (event.type === 'identify' && event.userId) {
      plan.identities.push({ visitorId: event.visitorId, userId: event.userId, ts: event.ts });
    }
  }
  plan.visits = [...changed].flatMap((id) => visits.get(id) ?? []);
  return plan;
}
