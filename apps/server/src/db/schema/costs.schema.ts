import type { ColumnType } from 'kysely';
import type { Timestamp } from './column-types';

/** Ad spend per campaign per day (docs/definitions.md#ad-spend); one row per campaign and day. */
export interface AdCostTable {
  website_id: string;
  campaign_id: string;
  /** YYYY-MM-DD, the ad platform's day. */
  day: string;
  currency: string;
  /** Minor units; bigint (a string from pg) on PostgreSQL. */
  amount_minor: ColumnType<number | string, number, number>;
  /** 'manual' | 'csv' | 'api' */
  origin: string;
  updated_at: Timestamp;
}

export interface CostTables {
  ad_cost: AdCostTable;
}
