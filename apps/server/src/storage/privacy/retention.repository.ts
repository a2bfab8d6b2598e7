/**
 * Deletes a website's rows older than a cutoff, a batch at a time (never a whole table at once,
 * and a stop between batches loses nothing: the next run goes on). Dashboard rollups (dash_*) and
 * identity links are kept, so the dashboard's totals of old periods still show. The SQL variant is
 * retention.sql.ts, the one with the raw events in ClickHouse retention.clickhouse.ts.
 */
export interface RetentionRepository {
  /** Every website with how many months it keeps. */
  websites(): Promise<{ id: string; retention_months: number }[]>;
  /** Deletes up to `batch` rows of each table older than `before` (ms); returns how many went. */
  deleteOlder(websiteId: string, before: number, batch: number): Promise<number>;
}
