import type { CommitResult, IngestEvent } from '@ocx/core';
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { SqlEventStore } from './event-store.sql';
import { SqliteBatchWriter } from './sqlite-batch-writer';

/**
 * The event store on SQLite: reads through Kysely (inherited); writes through prepared statements
 * in one synchronous transaction per batch (sqlite-batch-writer.ts). It shares Kysely's connection:
 * holding it while the transaction runs keeps every other write of the process (auth, follow-up
 * jobs) out, so one SQLite file never sees two writers of this process at once.
 */
export class SqliteEventStore extends SqlEventStore {
  private readonly writer: SqliteBatchWriter;

  constructor(
    private readonly kysely: Kysely<DB>,
    sqlite: SqliteDatabase.Database,
  ) {
    super(kysely, 'sqlite');
    this.writer = new SqliteBatchWriter(sqlite);
  }

  override commit(events: IngestEvent[]): Promise<CommitResult> {
    if (events.length === 0)
      return Promise.resolve({ inserted: 0, duplicates: 0, clicks: 0, conversions: 0 });
    return this.kysely.connection().execute(async () => {
      const [result] = this.writer.commit([events]);
      if (!result) throw new Error('the batch writer returned no result');
      return result;
    });
  }
}
