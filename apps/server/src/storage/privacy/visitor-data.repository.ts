import type { Selectable } from 'kysely';
import type { DB } from '../../db/schema';

/** What a visitor's rights answer counts and moves, per kind of row. */
export interface VisitorRowCounts {
  events: number;
  clicks: number;
  conversions: number;
  credits: number;
  identities: number;
  postbackDeliveries: number;
}

/** Every row of one visitor on one website, as stored. */
export interface VisitorExport {
  events: Selectable<DB['event']>[];
  clicks: Selectable<DB['click']>[];
  conversions: Selectable<DB['conversion']>[];
  identities: Selectable<DB['identity']>[];
  credits: Selectable<DB['touch_credit']>[];
  postbackDeliveries: Selectable<DB['postback_delivery']>[];
}

/** What found the erased visitor in Website Config → Privacy (an API-key erasure names the visitor id). */
export type ErasureFoundBy = 'visitorId' | 'userId' | 'orderId';

export interface ErasureLogEntry {
  id: string;
  erasedBy: string;
  foundBy: ErasureFoundBy;
}

/** An entry of the erasure log as Website Config → Privacy shows it. */
export interface VisitorErasure {
  id: string;
  /** 'user:<id>' or 'api-key'. */
  erasedBy: string;
  /** The member's address while they have an account; null for the API key or a deleted user. */
  erasedByEmail: string | null;
  /** ISO text. */
  erasedAt: string;
  /** The erased visitor id's first characters; null in entries made before they were kept. */
  visitorRef: string | null;
  foundBy: string | null;
  counts: VisitorRowCounts;
}

/**
 * Everything stored about one visitor id on one website (GDPR Art. 15 and 17): found by visitor
 * id, by a user id it was identified with, or by an order id (a conversion's dedupe key). The SQL
 * variant is visitor-data.sql.ts, the one with the raw events in ClickHouse visitor-data.clickhouse.ts.
 */
export interface VisitorDataRepository {
  visitorsByUserId(websiteId: string, userId: string): Promise<string[]>;
  visitorsByOrderId(websiteId: string, orderId: string): Promise<string[]>;
  counts(websiteId: string, visitorId: string): Promise<VisitorRowCounts>;
  export(websiteId: string, visitorId: string): Promise<VisitorExport>;
  /**
   * Deletes every row of the visitor on the website, takes them out of the dashboard rollups (as if
   * never counted), sends the conversions of visitors sharing a user id with them back to be
   * credited without their clicks, and logs who erased how many rows. Returns the counts.
   */
  erase(websiteId: string, visitorId: string, log: ErasureLogEntry): Promise<VisitorRowCounts>;
  /** The website's latest 100 erasures, newest first. */
  erasures(websiteId: string): Promise<VisitorErasure[]>;
}
