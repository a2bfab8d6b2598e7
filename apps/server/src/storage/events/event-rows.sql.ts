import type { ClickRow, ConversionRow, IdentityRow, IngestEvent, StoredEvent, VisitState } from '@ocx/core';
import type { Insertable, Selectable } from 'kysely';
import type { ClickTable, ConversionTable, EventTable, IdentityTable, VisitTable } from '../../db/schema';

/** Domain rows → table rows, shared by the Kysely store and the SQLite fast path. */
export function eventRow(e: IngestEvent): Insertable<EventTable> {
  return {
    website_id: e.websiteId,
    event_id: e.eventId,
    type: e.type,
    name: e.name,
    ts: e.ts,
    visitor_id: e.visitorId,
    session_id: e.sessionId,
    url: e.url,
    path: e.path,
    title: e.title,
    referrer: e.referrer,
    referrer_domain: e.referrerDomain,
    channel: e.channel,
    utm_source: e.utm.source,
    utm_medium: e.utm.medium,
    utm_campaign: e.utm.campaign,
    utm_term: e.utm.term,
    utm_content: e.utm.content,
    ocxid: e.ocxid,
    campaign_id: e.campaignId,
    click_id_type: e.clickIdType,
    click_id: e.clickId,
    selector: e.selector,
    user_id: e.userId,
    device_type: e.deviceType,
    browser: e.browser,
    os: e.os,
    country: e.country,
    region: e.region,
    city: e.city,
    screen: e.screen,
    ip: e.ip || null,
    props: e.props ? JSON.stringify(e.props) : null,
    value: e.value,
    currency: e.currency,
    goal_matches: e.goalMatches.length > 0 ? JSON.stringify(e.goalMatches) : null,
  };
}

/**
 * The event as the pipeline left it, from its row: what deriving it (planWrite, dashboardDelta)
 * reads. Used for events stored but not derived before a restart.
 */
export function ingestEventFromRow(row: Selectable<EventTable>): IngestEvent {
  const url = new URL(row.url);
  return {
    websiteId: row.website_id,
    type: row.type as IngestEvent['type'],
    eventId: row.event_id,
    visitorId: row.visitor_id,
    sessionId: row.session_id,
    ts: Number(row.ts),
    url: row.url,
    host: url.host,
    path: row.path,
    query: url.search,
    title: row.title,
    referrer: row.referrer,
    name: row.name,
    selector: row.selector,
    value: row.value === null ? null : Number(row.value),
    currency: row.currency,
    props: row.props ? (JSON.parse(row.props) as IngestEvent['props']) : null,
    userId: row.user_id,
    // Derivation does not need them: links run after the commit, from the events as they arrived.
    granted: null,
    linkFrom: null,
    ip: row.ip ?? '',
    userAgent: '',
    website: null,
    country: row.country,
    region: row.region,
    city: row.city,
    deviceType: row.device_type,
    browser: row.browser,
    os: row.os,
    screen: row.screen,
    utm: {
      source: row.utm_source,
      medium: row.utm_medium,
      campaign: row.utm_campaign,
      term: row.utm_term,
      content: row.utm_content,
    },
    ocxid: row.ocxid,
    campaignId: row.campaign_id,
    clickIdType: row.click_id_type,
    clickId: row.click_id,
    referrerDomain: row.referrer_domain,
    channel: row.channel as IngestEvent['channel'],
    goalMatches: row.goal_matches ? (JSON.parse(row.goal_matches) as IngestEvent['goalMatches']) : [],
    notices: [],
  };
}

export function visitRow(websiteId: string, v: VisitState): Insertable<VisitTable> {
  return {
    website_id: websiteId,
    session_id: v.sessionId,
    visitor_id: v.visitorId,
    click_row_id: v.clickRowId,
    campaign_id: v.campaignId,
    source_key: v.sourceKey,
    started_at: v.startedAt,
    last_seen: v.lastSeen,
  };
}

export function clickRow(c: ClickRow): Insertable<ClickTable> {
  return {
    id: c.id,
    website_id: c.websiteId,
    visitor_id: c.visitorId,
    session_id: c.sessionId,
    ts: c.ts,
    campaign_id: c.campaignId,
    ocxid: c.ocxid,
    source: c.source,
    medium: c.medium,
    channel: c.channel,
    landing_page: c.landingPage,
    referrer: c.referrer,
    referrer_domain: c.referrerDomain,
    utm_source: c.utm.source,
    utm_medium: c.utm.medium,
    utm_campaign: c.utm.campaign,
    utm_term: c.utm.term,
    utm_content: c.utm.content,
    click_id_type: c.clickIdType,
    click_id: c.clickId,
    ip_address: c.ip || null,
    device_type: c.deviceType,
    browser: c.browser,
    os: c.os,
    country: c.country,
  };
}

export function conversionRow(c: ConversionRow): Insertable<ConversionTable> {
  return {
    id: c.id,
    website_id: c.websiteId,
    campaign_id: c.campaignId,
    goal_id: c.goalId,
    goal_name: c.goalName,
    click_id: c.clickRowId,
    value_minor: c.valueMinor,
    currency: c.currency,
    ts: c.ts,
    visitor_id: c.visitorId,
    conversion_type: c.conversionType,
    dedupe_key: c.dedupeKey,
    source: 'tracker',
    event_id: c.eventId,
  };
}

export function identityRow(websiteId: string, i: IdentityRow): Insertable<IdentityTable> {
  return { website_id: websiteId, visitor_id: i.visitorId, user_id: i.userId, ts: i.ts };
}

/** The event columns both event stores answer with (the SQL table's, or ClickHouse's JSON rows). */
type StoredEventColumns = Pick<
  Selectable<EventTable>,
  | 'website_id'
  | 'event_id'
  | 'type'
  | 'name'
  | 'url'
  | 'path'
  | 'title'
  | 'referrer_domain'
  | 'channel'
  | 'campaign_id'
  | 'click_id_type'
  | 'country'
  | 'device_type'
  | 'browser'
  | 'os'
  | 'currency'
  | 'visitor_id'
  | 'session_id'
> & { id: number | string; ts: number | string; value: number | string | null };

/**
 * A stored event as the core reads it, from the columns both event stores return (ClickHouse's JSON
 * numbers may come as strings, hence Number()).
 */
export function storedEventFrom(row: StoredEventColumns): StoredEvent {
  return {
    id: Number(row.id),
    websiteId: row.website_id,
    eventId: row.event_id,
    type: row.type,
    name: row.name,
    ts: Number(row.ts),
    url: row.url,
    path: row.path,
    title: row.title,
    referrerDomain: row.referrer_domain,
    channel: row.channel,
    campaignId: row.campaign_id,
    clickIdType: row.click_id_type,
    country: row.country,
    deviceType: row.device_type,
    browser: row.browser,
    os: row.os,
    value: row.value === null ? null : Number(row.value),
    currency: row.currency,
    visitorId: row.visitor_id,
    sessionId: row.session_id,
  };
}
