import type { ClickHouseClient } from '@clickhouse/client';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { chRows } from '../clickhouse/clickhouse-query';
import { DatabaseDebugRepository } from './database-debug.sql';

/** The database debug screen's row counts with the raw events counted in ClickHouse. */
export class ClickHouseDatabaseDebugRepository extends DatabaseDebugRepository {
  constructor(
    db: Kysely<DB>,
    private readonly clickhouse: ClickHouseClient,
  ) {
    super(db);
  }

  protected override async countEvents(websiteIds: string[]): Promise<number> {
    const [row] = await chRows<{ n: number }>(
      this.clickhouse,
      'SELECT count() AS n FROM events WHERE website_id IN {w:Array(String)}',
      { w: websiteIds },
    );
    return Number(row?.n ?? 0);
  }
}
