import type { ColumnType, Generated } from 'kysely';

/** Timestamps are ISO text on SQLite and timestamptz on PostgreSQL; read them through toIso(). */
type Timestamp = ColumnType<string | Date, string, string>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  createdAt: ColumnType<string | Date, string | Date, string | Date>;
  updatedAt: ColumnType<string | Date, string | Date, string | Date>;
}

export interface OrganizationTable {
  id: string;
  name: string;
  owner_user_id: string;
  plan: string;
  status: string;
  stripe_customer_id: string | null;
  current_period_end: Timestamp | null;
  cancel_at_period_end: Generated<number>;
  trial_ends_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebsiteTable {
  id: string;
  user_id: string;
  name: string;
  brand: string;
  root_domain: string;
  attribution_model: string;
  attribution_window: number;
  /** JSON text: { attribution: {settings}, scriptConfig } */
  config: string;
  postback_url: string | null;
  cookie_domain: string;
  default_campaign_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GoalTable {
  id: string;
  website_id: string;
  name: string;
  type: string;
  selector: string | null;
  value: number | null;
  /** JSON text: { path? | selector? | event? } */
  conditions: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignTable {
  id: string;
  website_id: string;
  name: string;
  network: string;
  source: string;
  landing_page: string;
  /** JSON text */
  utm_params: string;
  /** JSON text */
  tracking_params: string;
  ocxid: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

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
  /** The value in the currency's minor units (DESIGN §7: cents, whole yen, fils). */
  value_minor: number | null;
  currency: string;
  ts: number;
  visitor_id: string | null;
  conversion_type: string;
  dedupe_key: string;
  source: string;
  event_id: string | null;
  /** Crediting state: CREDIT_STATE in storage/sql/attribution.repository.ts (0 new … 3 failed). */
  followed_up: Generated<number>;
  /** Why crediting failed, or what it had to leave out (shown in the Conversions Log). */
  credit_error: Generated<string | null>;
  /** Counts changes of its path after it was stored (a late click, an identify): see the follow-up. */
  path_changes: Generated<number>;
}

/**
 * One touchpoint of one conversion under one attribution-settings version, with its credit (0..1)
 * and value credit (minor units) under every model as columns (migration 0011).
 */
export interface TouchCreditTable {
  conversion_id: string;
  /** The attribution-settings version these credits were computed with. */
  version: number;
  /** Place in the path, 0 for the first touchpoint. */
  position: number;
  website_id: string;
  /** The click row (touchpoint); null when the conversion had none (fallback credit). */
  click_id: string | null;
  campaign_id: string | null;
  channel: string;
  /** The conversion's currency, so reports sum value credit per currency without a join. */
  currency: string;
  /** The conversion's time, so reports filter credits by date without a join. */
  ts: number;
  credit_first_touch: number;
  credit_last_touch: number;
  credit_linear: number;
  credit_time_decay: number;
  credit_position_based: number;
  credit_u_shaped: number;
  credit_w_shaped: number;
  credit_custom_weight: number;
  value_first_touch: number;
  value_last_touch: number;
  value_linear: number;
  value_time_decay: number;
  value_position_based: number;
  value_u_shaped: number;
  value_w_shaped: number;
  value_custom_weight: number;
}

export interface AttributionVersionTable {
  website_id: string;
  version: number;
  /** JSON text: { window, settings } */
  settings: string;
  created_at: number;
}

export interface AttributionJobTable {
  website_id: string;
  active_version: number;
  target_version: number;
  total: number;
  done: number;
  updated_at: number;
}

export interface ApiKeyTable {
  id: string;
  website_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface PostbackDeliveryTable {
  id: string;
  website_id: string;
  conversion_id: string;
  url: string;
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}

export interface IdentityTable {
  website_id: string;
  visitor_id: string;
  user_id: string;
  ts: number;
}

/** Dashboard rollups (migration 0006): per UTC day (epoch ms), written with the events. */
export interface DashDayTable {
  website_id: string;
  day: number;
  pageviews: number;
  visitors: number;
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
}

export interface FunnelTable {
  id: string;
  website_id: string;
  name: string;
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FunnelStepTable {
  funnel_id: string;
  id: string;
  name: string;
  step_order: number;
  /** JSON text: { path } | { selector } */
  conditions: string;
}

export interface NetworkTable {
  id: string;
  website_id: string;
  slug: string;
  name: string;
  /** JSON text: tracking parameter names */
  tracking_params: string;
  /** JSON text: source names */
  sources: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TrafficSourceTable {
  id: string;
  website_id: string;
  slug: string;
  name: string;
  description: string;
  is_default: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TrafficSourceSeedTable {
  website_id: string;
}

export interface LandingPageTable {
  id: string;
  website_id: string;
  name: string;
  path: string;
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignTemplateTable {
  id: string;
  /** null for the default templates every user sees */
  website_id: string | null;
  name: string;
  description: string;
  network: string;
  source: string;
  category: string;
  is_default: number;
  /** JSON text */
  utm_parameters: string;
  /** JSON text */
  custom_parameters: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One row: the last event whose sessions, clicks, conversions and rollups are derived. */
export interface DeriveMarkTable {
  last_event_id: number;
}

export interface DB {
  derive_mark: DeriveMarkTable;
  user: UserTable;
  organization: OrganizationTable;
  website: WebsiteTable;
  goal: GoalTable;
  campaign: CampaignTable;
  event: EventTable;
  visit: VisitTable;
  click: ClickTable;
  conversion: ConversionTable;
  identity: IdentityTable;
  touch_credit: TouchCreditTable;
  attribution_version: AttributionVersionTable;
  attribution_job: AttributionJobTable;
  api_key: ApiKeyTable;
  postback_delivery: PostbackDeliveryTable;
  dash_day: DashDayTable;
  dash_visitor_day: DashVisitorDayTable;
  dash_visitor: DashVisitorTable;
  dash_page_day: DashPageDayTable;
  dash_page: DashPageTable;
  dash_source_day: DashSourceDayTable;
  funnel: FunnelTable;
  funnel_step: FunnelStepTable;
  network: NetworkTable;
  traffic_source: TrafficSourceTable;
  traffic_source_seed: TrafficSourceSeedTable;
  landing_page: LandingPageTable;
  campaign_template: CampaignTemplateTable;
}
