import type { Timestamp } from './column-types';

/** One random salt per UTC day for hash visitors (visitor-salt.repository.ts); past days are deleted. */
export interface VisitorSaltTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  salt: string;
}

/** The erasure log: who, when and how many rows (JSON counts), never the visitor id or the data. */
export interface VisitorErasureTable {
  id: string;
  website_id: string;
  /** 'user:<id>' or 'api-key' */
  erased_by: string;
  erased_at: Timestamp;
  counts: string;
  /** The erased visitor id's first characters (visitorRef), null in entries before migration 0025. */
  visitor_ref: string | null;
  /** What found the visitor: 'visitorId', 'userId' or 'orderId' (null before migration 0025). */
  found_by: string | null;
}

/** How far the daily address job has read a website's events or clicks (old-addresses.ts). */
export interface AddressCutCursorTable {
  website_id: string;
  /** 'event' or 'click' */
  table_name: string;
  /** The ts (ms) to read from next time. */
  ts: number;
}

export interface PrivacyTables {
  visitor_salt: VisitorSaltTable;
  visitor_erasure: VisitorErasureTable;
  address_cut_cursor: AddressCutCursorTable;
}
