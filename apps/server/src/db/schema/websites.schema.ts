import type { Generated } from 'kysely';
import type { Timestamp } from './column-types';

export interface WebsiteTable {
  id: string;
  user_id: string;
  /** Set for every website since migration 0015; null only in the column's type. */
  organization_id: string | null;
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
  /** IANA time zone of the website's days and hours (migration 0018); 'UTC' by default. */
  timezone: Generated<string>;
  /**
   * Null when the day rollups are keyed by the website's local days; else a rebuild for a new zone
   * is under way and the local days before this instant are done (migration 0019).
   */
  rollup_rebuilt_until: number | null;
  /** 'none' | 'require' (contracts ConsentMode); 'none' for websites older than migration 0017. */
  consent_mode: Generated<string>;
  /** 1: Do-Not-Track counts as a refusal. */
  respect_dnt: Generated<number>;
  /** privacy.retentionMonths, 1 to 120 (default 25). */
  retention_months: Generated<number>;
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

export interface WebsiteTables {
  website: WebsiteTable;
  goal: GoalTable;
}
