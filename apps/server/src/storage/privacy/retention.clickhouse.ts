import type { ClickHouseClient } from '@clickhouse/client';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { inWebsite } from '../clickhouse/clickhouse-query';
import { deleteEvents } from './event-mutations.clickhouse';
import type { RetentionRepository } from './retention.repository';
import { SqlRetentionRepository } from './retention.sql';

/**
 * Retention with the raw events in ClickHouse: the old ones go in one lightweight delete there,
 * the other rows a batch at a time as SqlRetentionRepository deletes them.
 */
export class ClickHouseRetentionRepository implements RetentionRepository {
  private readonly sql: SqlRetentionRepository;

  constructor(
    db: Kysely<DB>,
    private readonly clickhouse: ClickHouseClient,
  ) {
    this.sql = new SqlRetentionRepository(db);
  }

  /** Websites are SQL rows. */
  websites(): Promise<{ id: string; retention_months: number }[]> {
    return this.sql.websites();
  }

  async deleteOlder(websiteId: string, before: number, batch: number): Promise<number> {
    const events = await deleteEvents(this.clickhouse, `${inWebsite()} AND ts < {before:Int64}`, {
      w: websiteId,
      before,
    });
    return events + (await this.sql.deleteOlderRows(websiteId, before, batch));
  }
}
