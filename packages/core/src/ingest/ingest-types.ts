import type { CollectEvent, GoalConditions, GoalType } from '@ocx/contracts';
import type { CampaignTags, Channel } from './channel';
import type { HashText } from './hash-visitor';

/** What the pipeline needs of a website; the server caches it. */
export interface IngestWebsite {
  id: string;
  rootDomain: string;
  crossDomains: string[];
  ipAnonymization: boolean;
  goals: { id: string; name: string; type: GoalType; conditions: GoalConditions; value: number | null }[];
}

/** One event as it arrived, with what the request says about its sender. */
export interface Incoming {
  site: string;
  payload: unknown;
  ip: string;
  userAgent: string;
  receivedAt: number;
}

export interface GoalMatch {
  goalId: string;
  goalName: string;
  value: number | null;
  currency: string;
}

export interface Utm {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  content: string | null;
}

/** An event on its way through the pipeline; steps fill in the enrichment fields. */
export interface IngestEvent {
  websiteId: string;
  type: CollectEvent['type'];
  eventId: string;
  /** Empty until the hashVisitor step when the sender gave none (no consent yet, or a pixel). */
  visitorId: string;
  sessionId: string;
  ts: number;
  url: string;
  host: string;
  path: string;
  query: string;
  title: string | null;
  referrer: string | null;
  name: string | null;
  selector: string | null;
  value: number | null;
  currency: string | null;
  props: Record<string, string | number | boolean | null> | null;
  userId: string | null;
  /** consent events: what the visitor answered. */
  granted: boolean | null;
  /**
   * A granted consent event with a visitor id: today's hash visitor of the same browser, whose
   * clicks and conversions move to the new id once the event is stored (consent-link).
   */
  linkFrom: string | null;
  ip: string;
  userAgent: string;
  website: IngestWebsite | null;
  country: string | null;
  /** "Region, CC" (see Place), or null. */
  region: string | null;
  /** "City, Region, CC" (see Place), or null. */
  city: string | null;
  deviceType: string | null;
  browser: string | null;
  os: string | null;
  /** The screen size class (screenClass of the tracker's width), or null. */
  screen: string | null;
  utm: Utm;
  ocxid: string | null;
  campaignId: string | null;
  clickIdType: string | null;
  clickId: string | null;
  referrerDomain: string | null;
  channel: Channel;
  goalMatches: GoalMatch[];
  /** Things set right on the way without dropping the event (e.g. a malformed click id removed). */
  notices: IngestNotice[];
}

/** Why an event was not stored: a closed list, counted per reason. */
export const dropReasons = [
  'invalid',
  'bot',
  'unknown_website',
  'domain_not_configured',
  'foreign_origin',
] as const;
export type DropReason = (typeof dropReasons)[number];

export const ingestNotices = ['invalid_click_id', 'unknown_ocxid'] as const;
export type IngestNotice = (typeof ingestNotices)[number];

export interface Drop {
  drop: DropReason;
  detail?: string;
}

export const drop = (reason: DropReason, detail?: string): Drop =>
  detail ? { drop: reason, detail } : { drop: reason };
export const isDrop = (value: IngestEvent | Drop): value is Drop => 'drop' in value;

/**
 * Where an address is, as far as the offline database knows (DB-IP Lite). `region` and `city` are
 * qualified so that equal names stay apart: "Bavaria, DE", "Springfield, Illinois, US".
 */
export interface Place {
  country: string | null;
  region: string | null;
  city: string | null;
}

export const NOWHERE: Place = { country: null, region: null, city: null };

export interface ParsedUserAgent {
  deviceType: string | null;
  browser: string | null;
  os: string | null;
}

/** A website's campaign as ingestion sees it: its id and the tags that decide its entrances' channel. */
export interface IngestCampaign extends CampaignTags {
  id: string;
}

/** The outside world the steps consult, injected by the server. */
export interface IngestPorts {
  website(id: string): Promise<IngestWebsite | null>;
  /** The website's campaign with this ocxid, or null. */
  campaignByOcxid(websiteId: string, ocxid: string): Promise<IngestCampaign | null>;
  locate(ip: string): Place;
  isBot(userAgent: string): boolean;
  parseUserAgent(userAgent: string): ParsedUserAgent;
  /** Today's (UTC) salt for hash visitors; made on first use, deleted when the day is over. */
  visitorSalt(): Promise<string>;
  hash: HashText;
  /**
   * The session of a hash visitor's event at `ts` (continueSession over what the server remembers of
   * the visitor); `startNew` names a session that starts with this event.
   */
  anonymousSession(visitorId: string, ts: number, startNew: () => string): string | Promise<string>;
}

export type Step = (
  event: IngestEvent,
  ports: IngestPorts,
) => IngestEvent | Drop | Promise<IngestEvent | Drop>;

/** The website a step after resolveWebsite works for. */
export function websiteOf(event: IngestEvent): IngestWebsite {
  if (!event.website) throw new Error('resolveWebsite must run before this step');
  return event.website;
}
