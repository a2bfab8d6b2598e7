import type { CommitResult, IngestEvent } from '@ocx/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { startWorker, WorkerChannel } from '../../worker-thread';
import { SqlEventStore } from './event-store.sql';

/**
 * The event store on SQLite: reads through Kysely (inherited); writes go to a writer thread with
 * its own connection and prepared statements (sqlite-writer.worker.ts), so the HTTP thread never
 * waits for an INSERT or a commit's fsync.
 */
export class SqliteEventStore extends SqlEventStore {
  private readonly writer: WorkerChannel<IngestEvent[], CommitResult>;

  constructor(kysely: Kysely<DB>, file: string) {
    super(kysely, 'sqlite');
    const worker = startWorker(
      'sqlite-writer.worker',
      new URL('./sqlite-writer.worker.ts', import.meta.url),
      { file },
    );
    this.writer = new WorkerChannel(worker, 'SQLite writer');
  }

  override commit(events: IngestEvent[]): Promise<CommitResult> {
    if (events.length === 0)
      return Promise.resolve({ inserted: 0, duplicates: 0, clicks: 0, conversions: 0 });
    // The website config rides along for the pipeline only; the writer needs none of it.
    return this.writer.request(events.map((e) => ({ ...e, website: null })));
  }

  override close(): Promise<void> {
    return this.writer.close();
  }
}
