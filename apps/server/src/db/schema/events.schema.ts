import type { Generated } from 'kysely';

/** Event-store timestamps are epoch milliseconds in both dialects. */
export interface EventTable {
  id: Generated<number>;
  website_id: string;
  event_id: string;
  type: string;
  name: string | null;
  ts: number;
  visitor_id: string;
  session_id: string;
  url: string;
  path: string;
  title: string | null;
  referrer: string | null;
  referrer_domain: string | null;
  channel: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  ocxid: string | null;
  campaign_id: string | null;
  click_id_type: string | null;
  click_id: string | null;
  selector: string | null;
  user_id: string | null;
  device_type: string | null;
  browser: string | null;
  os: string | null;
  country: string | null;
  /** "Region, CC" and "City, Region, CC" (core Place; migration 0032), or null. */
  region: Generated<string | null>;
  city: Generated<string | null>;
  /** The screen size class (core screenClass; migration 0026), or null. */
  screen: Generated<string | null>;
  ip: string | null;
  /** JSON text */
  props: string | null;
  value: number | null;
  currency: string | null;
  /** JSON of the GoalMatch[] the pipeline found; null when none */
  goal_matches: string | null;
}

export interface VisitTable {
  website_id: string;
  session_id: string;
  visitor_id: string;
  click_row_id: string;
  campaign_id: string | null;
  source_key: string | null;
  started_at: number;
  last_seen: number;
}

export interface ClickTable {
  id: string;
  website_id: string;
  visitor_id: string;
  session_id: string;
  ts: number;
  campaign_id: string | null;
  ocxid: string | null;
  source: string | null;
  medium: string | null;
  channel: string;
  landing_page: string;
  referrer: string | null;
  referrer_domain: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  click_id_type: string | null;
  click_id: string | null;
  ip_address: string | null;
  device_type: string | null;
  browser: string | null;
  os: string | null;
  country: string | null;
}

export interface ConversionTable {
  id: string;
  website_id: string;
  campaign_id: string | null;
  goal_id: string | null;
  goal_name: string;
  /** The click (touchpoint) row of the session it happened in. */
  click_id: string | null;
  /** The value in the currency's minor units (docs/definitions.md#money: cents, whole yen, fils). */
  value_minor: number | null;
  currency: string;
  ts: number;
  visitor_id: string | null;
  conversion_type: string;
  dedupe_key: string;
  source: string;
  event_id: string | null;
  /** Crediting state: CREDIT_STATE in storage/sql/attribution/credit-state.ts (0 new … 3 failed). */
  followed_up: Generated<number>;
  /** Why crediting failed, or what it had to leave out (shown in the Conversions Log). */
  credit_error: Generated<string | null>;
  /** Counts changes of its path after it was stored (a late click, an identify): see the crediting job. */
  path_changes: Generated<number>;
}

export interface IdentityTable {
  website_id: string;
  visitor_id: string;
  user_id: string;
  ts: number;
}

/** One row: the last event whose sessions, clicks, conversions and rollups are derived. */
export interface DeriveMarkTable {
  last_event_id: number;
}

/** With the events in ClickHouse: a commit under way, or one whose SQL transaction rolled back (migration 0038). */
export interface ClickHousePendingCommitTable {
  commit_id: string;
  /** When the commit began (migration 0039; 0 for records written before it). */
  started_at: Generated<number>;
}

/** With the events in ClickHouse: an event of a rolled-back commit, derived by a retry (migration 0038). */
export interface ClickHouseAdoptedEventTable {
  website_id: string;
  event_id: string;
}

/** With the events in ClickHouse: its one row turns the copying of clicks and conversions on (migration 0040). */
export interface ClickHouseMirrorTable {
  id: number;
}

/**
 * A click, conversion or conversion's credits inserted, changed or deleted since ClickHouse's copy
 * was brought up to date (row_id: the conversion's id for its credits).
 */
export interface ClickHouseOutboxTable {
  seq: Generated<number>;
  kind: 'click' | 'conversion' | 'credit';
  website_id: string;
  row_id: string;
  ts: number;
}

/** The Event Test's events (migration 0044): kept apart, read by nothing but the Event Test. */
export interface TestEventTable {
  id: Generated<number>;
  website_id: string;
  ts: number;
  /** The event as the Event Test lists it (StoredEvent without its id), JSON. */
  event: string;
}

export interface EventTables {
  clickhouse_adopted_event: ClickHouseAdoptedEventTable;
  clickhouse_mirror: ClickHouseMirrorTable;
  clickhouse_outbox: ClickHouseOutboxTable;
  clickhouse_pending_commit: ClickHousePendingCommitTable;
  derive_mark: DeriveMarkTable;
  event: EventTable;
  visit: VisitTable;
  click: ClickTable;
  conversion: ConversionTable;
  identity: IdentityTable;
  test_event: TestEventTable;
}
