import type { Generated } from 'kysely';

/** Dashboard rollups (migration 0006): per UTC day (epoch ms), written with the events. */
export interface DashDayTable {
  website_id: string;
  day: number;
  pageviews: number;
  visitors: number;
  /** Every event of the day (pageviews, clicks, custom): what quotas count (migration 0015). */
  events: Generated<number>;
}

export interface DashVisitorDayTable {
  website_id: string;
  day: number;
  visitor_id: string;
}

export interface DashVisitorTable {
  website_id: string;
  visitor_id: string;
  last_seen: number;
}

export interface DashPageDayTable {
  website_id: string;
  day: number;
  page: string;
  pageviews: number;
}

export interface DashPageTable {
  website_id: string;
  page: string;
  path: string;
  last_seen: number;
}

export interface DashSourceDayTable {
  website_id: string;
  day: number;
  channel: string;
  referrer_domain: string;
  clicks: number;
  /** Of those clicks, the ones by hash visitors: visits without consent (migration 0024). */
  without_consent: Generated<number>;
}

/** Every event per UTC day (migration 0019): what quotas count, per UTC calendar month. */
export interface DashEventDayTable {
  website_id: string;
  day: number;
  events: number;
}

/** Breakdown rollups (migration 0027): a visitor's latest event per dimension value ('' for none). */
export interface DashValueVisitorTable {
  website_id: string;
  dimension: string;
  value: string;
  visitor_id: string;
  last_seen: number;
}

/** Breakdown rollups (migration 0027): pageviews per dimension value and local day. */
export interface DashValueDayTable {
  website_id: string;
  dimension: string;
  day: number;
  value: string;
  pageviews: number;
}

/** Breakdown visitors per value and UTC day of their last_seen (migration 0034, kept by triggers). */
export interface DashValueSeenDayTable {
  website_id: string;
  dimension: string;
  day: number;
  value: string;
  visitors: number;
}

/** Session breakdown rollups (migration 0033): each session's first values, per visitor in it. */
export interface DashSessionTable {
  website_id: string;
  session_id: string;
  visitor_id: string;
  started: number;
  last_seen: number;
  referrer_domain: string | null;
  channel: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  campaign_id: string | null;
  entry: string | null;
  entry_ts: number | null;
  /** The last pageview's path and time, and the session's pageviews (migration 0036). */
  exit_path: string | null;
  exit_ts: number | null;
  pageviews: number;
}

/** dash_session_hour summed per UTC day of the sessions' start (migration 0037, kept by triggers). */
export interface DashSessionDayTable {
  website_id: string;
  dimension: string;
  day: number;
  value: string;
  pageviews: number;
}

/** Session breakdown rollups (migration 0033): pageviews per value and UTC hour of the session's start. */
export interface DashSessionHourTable {
  website_id: string;
  dimension: string;
  hour: number;
  value: string;
  pageviews: number;
}

export interface DashboardTables {
  dash_event_day: DashEventDayTable;
  dash_day: DashDayTable;
  dash_visitor_day: DashVisitorDayTable;
  dash_visitor: DashVisitorTable;
  dash_page_day: DashPageDayTable;
  dash_page: DashPageTable;
  dash_source_day: DashSourceDayTable;
  dash_value_visitor: DashValueVisitorTable;
  dash_value_day: DashValueDayTable;
  dash_value_seen_day: DashValueSeenDayTable;
  dash_session: DashSessionTable;
  dash_session_hour: DashSessionHourTable;
  dash_session_day: DashSessionDayTable;
}
