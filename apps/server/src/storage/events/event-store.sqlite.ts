import type { CommitResult, IngestEvent } from '@ocx/core';
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { SqlEventStore } from './event-store.sql';
import { DERIVE_CHUNK, type Derived, SqliteBatchWriter } from './sqlite-batch-writer';

export interface SqliteEventStoreOptions {
  /** Commits of at least this many events queue their derivation (see SqliteBatchWriter). */
  deferAt?: number;
  /** Queued events are derived once no commit came for this long… */
  idleMs?: number;
  /** …or once the oldest has waited this long, whichever comes first. */
  maxLagMs?: number;
  /**
   * With this many events waiting, a commit first derives some: derivation keeps pace with storing
   * and the backlog (its memory, the dashboards' lag) stays bounded however long the load lasts.
   */
  maxBacklog?: number;
  /** After each derivation pass (conversions start the crediting job). */
  onDerived?: (derived: Derived) => void;
  /** A failed pass is retried at the next commit or after maxLagMs; this reports it. */
  onDeriveError?: (error: unknown) => void;
}

/**
 * The event store on SQLite: reads through Kysely (inherited); writes through prepared statements
 * in one synchronous transaction per commit (sqlite-batch-writer.ts), holding Kysely's connection
 * meanwhile so its own Kysely writes (a website's deletion) never interleave. The server runs it on
 * the event writer thread (event-writer.worker.ts); one per file.
 *
 * Under load (big commits) events are acknowledged once stored and queued; what they derive
 * (sessions, clicks, conversions, rollups) follows in passes of DERIVE_CHUNK events, between
 * commits, and at most maxBacklog events behind.
 */
export class SqliteEventStore extends SqlEventStore {
  private readonly writer: SqliteBatchWriter;
  private readonly idleMs: number;
  private readonly maxLagMs: number;
  private readonly maxBacklog: number;
  private eager: NodeJS.Immediate | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastCommitAt = 0;
  private oldestQueuedAt: number | null = null;
  private settling: Promise<void> | null = null;

  constructor(
    private readonly kysely: Kysely<DB>,
    sqlite: SqliteDatabase.Database,
    private readonly options: SqliteEventStoreOptions = {},
  ) {
    super(kysely, 'sqlite');
    this.writer = new SqliteBatchWriter(sqlite, { deferAt: options.deferAt });
    this.idleMs = options.idleMs ?? 20;
    this.maxLagMs = options.maxLagMs ?? 1000;
    this.maxBacklog = options.maxBacklog ?? 5 * DERIVE_CHUNK;
    if (this.writer.pending() > 0) this.noteQueued();
  }

  override async commit(events: IngestEvent[]): Promise<CommitResult> {
    if (events.length === 0) return { inserted: 0, duplicates: 0, clicks: 0, conversions: 0 };
    const [result] = await this.commitBatches([events]);
    if (!result) throw new Error('the batch writer returned no result');
    return result;
  }

  /** Several batches in one transaction (one disk sync), each with its own result. */
  async commitBatches(batches: IngestEvent[][]): Promise<CommitResult[]> {
    while (this.writer.pending() >= this.maxBacklog) await this.deriveOnce();
    const results = await this.kysely.connection().execute(async () => this.writer.commit(batches));
    this.lastCommitAt = Date.now();
    // A full pass's worth waits: derive it between commits rather than when the load pauses.
    if (this.writer.pending() >= DERIVE_CHUNK) this.eager ??= setImmediate(() => this.deriveEagerly());
    if (this.writer.pending() > 0) this.noteQueued();
    return results;
  }

  /** Events stored and not derived yet. */
  override pending(): number {
    return this.writer.pending();
  }

  /** Derives everything queued now. */
  override settle(): Promise<void> {
    this.settling ??= this.deriveAll().finally(() => {
      this.settling = null;
    });
    return this.settling;
  }

  override async deleteWebsite(websiteId: string): Promise<void> {
    // In the deleting transaction: no commit comes between deriving what waits and the delete.
    await this.deleteWebsiteAfter(websiteId, () => {
      while (this.writer.pending() > 0) {
        const derived = this.writer.derive();
        this.options.onDerived?.(derived);
      }
      this.oldestQueuedAt = null;
    });
  }

  override async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    if (this.eager) clearImmediate(this.eager);
    this.timer = null;
    this.eager = null;
    await this.settle();
  }

  private async deriveAll(): Promise<void> {
    while (this.writer.pending() > 0) await this.deriveOnce();
  }

  private async deriveOnce(): Promise<void> {
    const derived = await this.kysely.connection().execute(async () => this.writer.derive());
    if (this.writer.pending() === 0) this.oldestQueuedAt = null;
    this.options.onDerived?.(derived);
  }

  private deriveEagerly(): void {
    this.eager = null;
    if (this.writer.pending() < DERIVE_CHUNK) return;
    // A failure leaves the events queued; the lag timer (noteQueued) tries again.
    this.deriveOnce().catch((error: unknown) => this.options.onDeriveError?.(error));
  }

  private noteQueued(): void {
    this.oldestQueuedAt ??= Date.now();
    this.timer ??= setTimeout(() => this.tick(), this.idleMs).unref();
  }

  private tick(): void {
    this.timer = null;
    const now = Date.now();
    const busy = now - this.lastCommitAt < this.idleMs;
    if (busy && now - (this.oldestQueuedAt ?? now) < this.maxLagMs) {
      this.timer = setTimeout(() => this.tick(), this.idleMs).unref();
      return;
    }
    this.settle().catch((error: unknown) => {
      this.options.onDeriveError?.(error);
      if (this.writer.pending() > 0) this.timer ??= setTimeout(() => this.tick(), this.maxLagMs).unref();
    });
  }
}
