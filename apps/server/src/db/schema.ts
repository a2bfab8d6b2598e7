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

export interface DB {
  user: UserTable;
  organization: OrganizationTable;
  website: WebsiteTable;
  goal: GoalTable;
}
