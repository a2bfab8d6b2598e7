import type { CommitResult, IngestEvent } from '@ocx/core';
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { SqlEventStore } from './event-store.sql';
import { DERIVE_CHUNK, type Derived, SqliteBatchWriter } from './sqlite-batch-writer';
import type { VisitCacheOptions } from './sqlite-visit-cache';

/**
 * How often stored events are derived when fewer than a pass's worth wait: derived figures lag
 * the acknowledgement by about this much under light traffic (DESIGN §1.4 allows 2 s at p99).
 */
export const DERIVE_EVERY_MS = 250;

export interface SqliteEventStoreOptions {
  /** Stored events are derived this often (ms), or at once when DERIVE_CHUNK wait. */
  passMs?: number;
  /**
   * With this many events waiting, a commit first derives some: derivation keeps pace with storing
   * and the backlog (its memory, the dashboards' lag) stays bounded however long the load lasts.
   */
  maxBacklog?: number;
  /** The active visits kept in memory on the writer (sqlite-visit-cache.ts). */
  visits?: VisitCacheOptions;
  /** After each derivation pass (conversions start the crediting job). */
  onDerived?: (derived: Derived) => void;
  /** A failed pass is retried at the next pass; this reports it. */
  onDeriveError?: (error: unknown) => void;
}

/**
 * The event store on SQLite: reads through Kysely (inherited); writes through prepared statements
 * in one synchronous transaction per commit (sqlite-batch-writer.ts), holding Kysely's connection
 * meanwhile so its own Kysely writes (a website's deletion) never interleave. The server runs it on
 * the event writer thread (event-writer.worker.ts); one per file.
 *
 * Events are acknowledged once stored (DESIGN §1.4); what they derive (sessions, clicks,
 * conversions, rollups) follows in passes every passMs or of DERIVE_CHUNK events, between commits,
 * at most maxBacklog events behind.
 */
export class SqliteEventStore extends SqlEventStore {
  private readonly writer: SqliteBatchWriter;
  private readonly passMs: number;
  private readonly maxBacklog: number;
  private eager: NodeJS.Immediate | null = null;
  private timer: NodeJS.Timeout | null = null;
  private settling: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly kysely: Kysely<DB>,
    sqlite: SqliteDatabase.Database,
    private readonly options: SqliteEventStoreOptions = {},
  ) {
    super(kysely, 'sqlite');
    this.writer = new SqliteBatchWriter(sqlite, { visits: options.visits });
    this.passMs = options.passMs ?? DERIVE_EVERY_MS;
    this.maxBacklog = options.maxBacklog ?? 5 * DERIVE_CHUNK;
    this.schedule();
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
    this.schedule();
    return results;
  }

  /** Events stored and not derived yet. */
  override pending(): number {
    return this.writer.pending();
  }

  /** When the oldest event not derived yet was acknowledged (null: everything is derived). */
  oldestPendingAt(): number | null {
    return this.writer.oldestPendingAt();
  }

  override derivationLagMs(): number {
    const oldest = this.writer.oldestPendingAt();
    return oldest === null ? 0 : Math.max(0, Date.now() - oldest);
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
      this.writer.forgetVisits();
    });
  }

  override async close(): Promise<void> {
    this.closed = true;
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
    this.options.onDerived?.(derived);
  }

  /** The next pass: at once when a full one waits, else after passMs. */
  private schedule(): void {
    if (this.closed || this.writer.pending() === 0) return;
    if (this.writer.pending() >= DERIVE_CHUNK) this.eager ??= setImmediate(() => this.pass());
    else this.timer ??= setTimeout(() => this.pass(), this.passMs).unref();
  }

  private pass(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.eager) clearImmediate(this.eager);
    this.timer = null;
    this.eager = null;
    this.deriveOnce().then(
      () => this.schedule(),
      (error: unknown) => {
        // The events stay queued; the next pass, passMs later, tries again.
        this.options.onDeriveError?.(error);
        if (!this.closed) this.timer ??= setTimeout(() => this.pass(), this.passMs).unref();
      },
    );
  }
}
