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
}

export interface PrivacyTables {
  visitor_salt: VisitorSaltTable;
  visitor_erasure: VisitorErasureTable;
}
