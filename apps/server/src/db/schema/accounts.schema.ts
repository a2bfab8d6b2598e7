import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types';

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

export interface AccountTables {
  user: UserTable;
  organization: OrganizationTable;
}
