import type { CommitResult, IngestEvent } from '@ocx/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { startWorker, WorkerChannel } from '../../worker-thread';
import { SqlEventStore } from './event-store.sql';
import type { EventWriterAnswer, EventWriterNotice, EventWriterRequest } from './event-writer-messages';
import type { Derived } from './sqlite-batch-writer';

export interface SqliteThreadEventStoreOptions {
  /** Commits of at least this many events queue their derivation (see SqliteBatchWriter). */
  deferAt: number;
  /** After each derivation pass on the writer thread (conversions start the follow-up jobs). */
  onDerived?: (derived: Derived) => void;
  /** A failed pass is retried by the writer thread; this reports it. */
  onDeriveError?: (message: string) => void;
}

/**
 * The event store on a SQLite file with its writes on their own thread (event-writer.worker.ts):
 * a commit there waits for its disk sync and now and then for a WAL checkpoint, and derivation
 * passes take ~40 ms; on the HTTP thread each of those stalled every request. Reads
 * stay here, through Kysely (inherited). Collect answers once the writer thread has committed.
 */
export class SqliteThreadEventStore extends SqlEventStore {
  private readonly channel: WorkerChannel<EventWriterRequest, EventWriterAnswer>;
  private backlog = 0;

  constructor(kysely: Kysely<DB>, file: string, options: SqliteThreadEventStoreOptions) {
    super(kysely, 'sqlite');
    const worker = startWorker('event-writer.worker', new URL('./event-writer.worker.ts', import.meta.url), {
      file,
      deferAt: options.deferAt,
    });
    this.channel = new WorkerChannel(worker, 'event writer', (message) => {
      const notice = message as EventWriterNotice;
      if ('deriveError' in notice) return options.onDeriveError?.(notice.deriveError);
      this.backlog = notice.pending;
      options.onDerived?.(notice.derived);
    });
  }

  override async commit(events: IngestEvent[]): Promise<CommitResult> {
    if (events.length === 0) return { inserted: 0, duplicates: 0, clicks: 0, conversions: 0 };
    const answer = await this.channel.request({ op: 'commit', events });
    if (!answer) throw new Error('the event writer answered a commit with nothing');
    this.backlog = answer.pending;
    return answer.result;
  }

  /** Events stored and not derived yet (as of the writer thread's last word). */
  override pending(): number {
    return this.backlog;
  }

  override async settle(): Promise<void> {
    await this.channel.request({ op: 'settle' });
    this.backlog = 0;
  }

  /** On the writer thread: what waits is derived in the deleting transaction, no commit between. */
  override async deleteWebsite(websiteId: string): Promise<void> {
    await this.channel.request({ op: 'deleteWebsite', websiteId });
  }

  override async close(): Promise<void> {
    await this.channel.request({ op: 'close' });
    await this.channel.close();
  }
}
