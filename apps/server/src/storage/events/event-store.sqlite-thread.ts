import type { Worker } from 'node:worker_threads';
import type { CommitResult, IngestEvent } from '@ocx/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { WorkerChannel } from '../../worker-thread';
import { packEvents } from './event-batch-codec';
import { SqlEventStore } from './event-store.sql';
import type {
  EventWriterAnswer,
  EventWriterData,
  EventWriterNotice,
  EventWriterRequest,
  WriterJob,
} from './event-writer-messages';
import type { Derived } from './sqlite-batch-writer';

export interface SqliteThreadEventStoreOptions {
  /** Commits of at least this many events queue their derivation (see SqliteBatchWriter). */
  deferAt: number;
  /** After each derivation pass on the writer thread (conversions start the crediting job). */
  onDerived?: (derived: Derived) => void;
  /** A failed pass is retried by the writer thread; this reports it. */
  onDeriveError?: (message: string) => void;
  /** The writer thread ended unasked; a new one starts after `restartInMs`. */
  onWriterExit?: (error: Error, restartInMs: number) => void;
  /** Starts the writer thread: workers/event-writer.ts (tests watch or end it). */
  startWriter: (data: EventWriterData) => Worker;
}

/** Restarts of a writer thread that keeps ending wait longer each time, up to this. */
const MAX_RESTART_DELAY_MS = 30_000;
/** A writer thread that ran this long ended for a new reason: the next restart is quick again. */
const STABLE_AFTER_MS = 60_000;

/**
 * The event store on a SQLite file with its writes on their own thread (workers/event-writer.worker.ts):
 * a commit there waits for its disk sync and now and then for a WAL checkpoint, and derivation
 * passes take ~40 ms; on the HTTP thread each of those stalled every request. Reads
 * stay here, through Kysely (inherited). Collect answers once the writer thread has committed.
 */
export class SqliteThreadEventStore extends SqlEventStore {
  private channel: WorkerChannel<EventWriterRequest, EventWriterAnswer>;
  private backlog = 0;
  private closing = false;
  private restarts = 0;
  private startedAt = 0;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(
    kysely: Kysely<DB>,
    private readonly file: string,
    private readonly options: SqliteThreadEventStoreOptions,
  ) {
    super(kysely, 'sqlite');
    this.channel = this.startChannel();
  }

  /**
   * A writer thread that ends unasked (a bug, an out-of-memory) is started again: commits that
   * waited on it fail (collect answers 5xx, the tracker sends them again and eventIds keep them
   * single), and the new thread derives what the old one stored but had not derived.
   */
  private startChannel(): WorkerChannel<EventWriterRequest, EventWriterAnswer> {
    const worker = this.options.startWriter({
      file: this.file,
      deferAt: this.options.deferAt,
    });
    this.startedAt = Date.now();
    worker.once('exit', (code) => this.writerEnded(new Error(`event writer thread exited (${code})`)));
    return new WorkerChannel(worker, 'event writer', (message) => {
      const notice = message as EventWriterNotice;
      if ('deriveError' in notice) return this.options.onDeriveError?.(notice.deriveError);
      this.backlog = notice.pending;
      this.options.onDerived?.(notice.derived);
    });
  }

  private writerEnded(error: Error): void {
    if (this.closing) return;
    if (Date.now() - this.startedAt >= STABLE_AFTER_MS) this.restarts = 0;
    const delay = Math.min(MAX_RESTART_DELAY_MS, 100 * 2 ** this.restarts);
    this.restarts += 1;
    this.options.onWriterExit?.(error, delay);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.closing) this.channel = this.startChannel();
    }, delay);
    this.restartTimer.unref();
  }

  override async commit(events: IngestEvent[]): Promise<CommitResult> {
    if (events.length === 0) return { inserted: 0, duplicates: 0, clicks: 0, conversions: 0 };
    const answer = await this.channel.request({ op: 'commit', events: packEvents(events) });
    if (!answer || typeof answer === 'number')
      throw new Error('the event writer answered a commit with nothing');
    this.backlog = answer.pending;
    return answer.result;
  }

  /** Runs a background job on the writer thread's connection; answers how much it did. */
  async runJob(job: WriterJob): Promise<number> {
    const answer = await this.channel.request({ op: 'job', job });
    if (typeof answer !== 'number') throw new Error(`the event writer answered ${job} with no count`);
    return answer;
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
    this.closing = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.channel.ended) return;
    await this.channel.request({ op: 'close' });
    await this.channel.close();
  }
}
