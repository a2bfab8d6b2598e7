import type { DebugRowCountTable } from '@ocx/contracts';

/**
 * What the database debug screen asks the database: a round trip, and row counts of given
 * websites. One implementation per backend (database-debug.sql.ts, database-debug.clickhouse.ts).
 */
export interface DatabaseDebugRepository {
  /** One round trip to the database. */
  ping(): Promise<void>;
  /** Rows per table that belong to these websites (the caller decides which websites are the user's). */
  rowCounts(websiteIds: string[]): Promise<Record<DebugRowCountTable, number>>;
}
