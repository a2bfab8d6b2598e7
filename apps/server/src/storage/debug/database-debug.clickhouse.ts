import type { ClickHouseClient } from '@clickhouse/client';
import type { DebugRowCountTable } from '@ocx/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { chRow, inWebsites } from '../clickhouse/clickhouse-query';
import type { DatabaseDebugRepository } from './database-debug.repository';
import { countMetadataRows, SqlDatabaseDebugRepository } from './database-debug.sql';

/**
 * The database debug screen with the raw events counted in ClickHouse; the round trip and the
 * metadata's row counts are the SQL database's.
 */
export class ClickHouseDatabaseDebugRepository implements DatabaseDebugRepository {
  private readonly sql: SqlDatabaseDebugRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clickhouse: ClickHouseClient,
  ) {
    this.sql = new SqlDatabaseDebugRepository(db);
  }

  ping(): Promise<void> {
    return this.sql.ping();
  }

  async rowCounts(websiteIds: string[]): Promise<Record<DebugRowCountTable, number>> {
    const [metadata, events] = await Promise.all([
      countMetadataRows(this.db, websiteIds),
      websiteIds.length === 0 ? 0 : this.countEvents(websiteIds),
    ]);
    return { ...metadata, events };
  }

  private async countEvents(websiteIds: string[]): Promise<number> {
    const row = await chRow<{ n: number }>(
      this.clickhouse,
      `SELECT count() AS n FROM events WHERE ${inWebsites()}`,
      { ws: websiteIds },
    );
    return Number(row?.n ?? 0);
  }
}
