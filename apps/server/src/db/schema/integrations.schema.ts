import type { Timestamp } from './column-types';

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

export interface IntegrationTables {
  api_key: ApiKeyTable;
  postback_delivery: PostbackDeliveryTable;
}
