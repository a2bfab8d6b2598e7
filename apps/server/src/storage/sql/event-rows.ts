import type { ClickRow, ConversionRow, IdentityRow, IngestEvent, VisitState } from '@ocx/core';
import type { Insertable } from 'kysely';
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
    ip: e.ip || null,
    props: e.props ? JSON.stringify(e.props) : null,
    value: e.value,
    currency: e.currency,
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
    value: c.value,
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
