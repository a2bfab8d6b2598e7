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

export interface AttributionTables {
  touch_credit: TouchCreditTable;
  attribution_version: AttributionVersionTable;
  attribution_job: AttributionJobTable;
}
