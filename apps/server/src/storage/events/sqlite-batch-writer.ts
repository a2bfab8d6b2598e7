import type { ClickRow, CommitResult, IngestEvent } from '@ocx/core';
import { breakdownDelta, byWebsite, dashboardDelta, planWrite } from '@ocx/core';
import type SqliteDatabase from 'better-sqlite3';
import type { Selectable } from 'kysely';
import { placeholder } from '../../db/dialect';
import type { EventTable } from '../../db/schema';
import { timeOrderedId } from '../../db/time-ordered-id';
import {
  clickParams,
  countUserVisitors,
  MAX_LINKED_VISITORS,
  markAfterClick,
  markAfterIdentify,
} from '../attribution/path-changes';
import { SqliteBreakdownRollups } from '../breakdowns/breakdown-rollups';
import { SqliteDashboardRollups } from '../dashboard/dashboard-rollups';
import { SqliteSessionRollups } from '../dashboard/session-rollups';
import {
  clickRow,
  conversionRow,
  eventRow,
  identityRow,
  ingestEventFromRow,
  visitRow,
} from './event-rows.sql';
import { SqliteVisitCache, type VisitCacheOptions } from './sqlite-visit-cache';

const CONFLICT = {
  event: 'on conflict (website_id, event_id) do nothing',
  visit: `on conflict (website_id, session_id) do update set click_row_id = excluded.click_row_id,
    campaign_id = excluded.campaign_id, source_key = excluded.source_key, last_seen = excluded.last_seen`,
  click: '',
  conversion: 'on conflict (website_id, dedupe_key) do nothing',
  identity: 'on conflict (website_id, visitor_id, user_id) do nothing',
} as const;

/** What a derivation pass made of the events it took. */
export interface Derived {
  events: number;
  clicks: number;
  conversions: number;
}

interface BatchWriterOptions {
  makeId?: () => string;
  /** Rollups left unwritten: bench:writer measures each one's share by turning it off. */
  without?: readonly RollupSet[];
  /** The active visits kept in memory (sqlite-visit-cache.ts). */
  visits?: VisitCacheOptions;
  /** The acknowledgement clock (tests move it). */
  now?: () => number;
}

export type RollupSet = 'dashboard' | 'breakdown' | 'session';

/**
 * Events per derivation transaction: bounds how long one holds the file's write lock and the
 * writer thread (~40 ms). A visit's or visitor's random index page is written once per pass, so
 * bigger passes write less.
 */
export const DERIVE_CHUNK = 2000;

/**
 * Writes a batch of events with prepared statements — the SQLite ingestion hot path — and derives
 * them behind the acknowledgement: a commit stores events only, derive() makes their sessions,
 * clicks, conversions, identities and rollups thousands at a time, in commit order, so a random
 * index page is written once per pass instead of once per commit. derive_mark names the last
 * derived event and moves in the pass's transaction, so events stored past it are derived after a
 * restart. Active visits are kept in memory (sqlite-visit-cache.ts). One writer per file.
 */
export class SqliteBatchWriter {
  private readonly prepared = new Map<string, { columns: string[]; statement: SqliteDatabase.Statement }>();
  private readonly setMark: SqliteDatabase.Statement;
  private readonly erasures: SqliteDatabase.Statement;
  private readonly storedIds: SqliteDatabase.Statement;
  private readonly markAfterClick: SqliteDatabase.Statement;
  private readonly markAfterIdentify: SqliteDatabase.Statement;
  private readonly countUserVisitors: SqliteDatabase.Statement;
  private readonly rollups: SqliteDashboardRollups;
  private readonly breakdownRollups: SqliteBreakdownRollups;
  private readonly sessionRollups: SqliteSessionRollups;
  private readonly without: ReadonlySet<RollupSet>;
  private readonly makeId: () => string;
  private readonly now: () => number;
  readonly visits: SqliteVisitCache;
  /** The erasure log as the last pass saw it: a new erasure deleted visits behind the cache. */
  private erasuresSeen: string | null = null;
  /** Stored, not yet derived events in commit order (their event ids increase). */
  private readonly backlog: QueuedEvent[] = [];
  private readonly commitTransaction: SqliteDatabase.Transaction<
    (batches: IngestEvent[][], queued: QueuedEvent[]) => CommitResult[]
  >;
  private readonly deriveTransaction: SqliteDatabase.Transaction<(events: QueuedEvent[]) => Derived>;

  constructor(
    private readonly sqlite: SqliteDatabase.Database,
    options: BatchWriterOptions = {},
  ) {
    this.makeId = options.makeId ?? timeOrderedId;
    this.without = new Set(options.without);
    this.now = options.now ?? Date.now;
    this.visits = new SqliteVisitCache(sqlite, options.visits);
    this.setMark = sqlite.prepare('update derive_mark set last_event_id = ?');
    this.storedIds = sqlite.prepare('select id from event where id between ? and ?').pluck();
    this.erasures = sqlite
      .prepare("select count(*) || '/' || coalesce(max(rowid), 0) from visitor_erasure")
      .pluck();
    const p = placeholder('sqlite');
    this.markAfterClick = sqlite.prepare(markAfterClick(p));
    this.markAfterIdentify = sqlite.prepare(markAfterIdentify(p));
    this.countUserVisitors = sqlite.prepare(countUserVisitors(p)).pluck();
    this.rollups = new SqliteDashboardRollups(sqlite);
    this.breakdownRollups = new SqliteBreakdownRollups(sqlite);
    this.sessionRollups = new SqliteSessionRollups(sqlite);
    this.commitTransaction = sqlite.transaction((batches: IngestEvent[][], queued: QueuedEvent[]) =>
      batches.map((events) => this.store(events, queued)),
    );
    this.deriveTransaction = sqlite.transaction((queued: QueuedEvent[]) => {
      const erasures = String(this.erasures.get());
      let events = queued;
      if (erasures !== this.erasuresSeen) {
        // An erasure deleted visits behind the cache, and perhaps events waiting here.
        this.visits.forgetAll();
        events = this.stillStored(queued);
      }
      this.erasuresSeen = erasures;
      const written: Written = new Map();
      const derived = { events: queued.length, ...this.deriveEvents(events, written) };
      this.finishDerivation(queued, written);
      return derived;
    });
    this.recover();
  }

  /**
   * Stores several batches in one transaction, each with its own result; what they derive follows
   * (derive()). Both transactions are IMMEDIATE: a deferred one that reads first fails at its first
   * write, without waiting, when another connection (the HTTP or auth thread's) committed since its
   * read began, and a whole derivation pass would be thrown away and retried.
   */
  commit(batches: IngestEvent[][]): CommitResult[] {
    const queued: QueuedEvent[] = [];
    const results = this.commitTransaction.immediate(batches, queued);
    // Only once committed: a rolled-back transaction queued nothing.
    const at = this.now();
    for (const q of queued) q.at = at;
    for (const q of queued) this.backlog.push(q);
    return results;
  }

  /** Events stored and waiting for derivation. */
  pending(): number {
    return this.backlog.length;
  }

  /** When the oldest event waiting for derivation was acknowledged (null: none waits). */
  oldestPendingAt(): number | null {
    return this.backlog[0]?.at ?? null;
  }

  /** Derives the oldest queued events (at most DERIVE_CHUNK) in one transaction. */
  derive(): Derived {
    const taken = this.backlog.slice(0, DERIVE_CHUNK);
    if (taken.length === 0) return { events: 0, clicks: 0, conversions: 0 };
    let derived: Derived;
    try {
      derived = this.deriveTransaction.immediate(taken);
    } catch (error) {
      // The cache remembered visits the rollback took back.
      this.visits.forgetAll();
      throw error;
    }
    this.backlog.splice(0, taken.length);
    return derived;
  }

  /** A website's rows went (its deletion): the visits kept of it must not come back. */
  forgetVisits(): void {
    this.visits.forgetAll();
  }

  /** The queued events whose rows are still there (an erasure takes them from under the queue). */
  private stillStored(queued: QueuedEvent[]): QueuedEvent[] {
    const first = queued[0];
    const last = queued[queued.length - 1];
    if (!first || !last) return queued;
    const ids = new Set((this.storedIds.all(first.id, last.id) as (number | bigint)[]).map(Number));
    return queued.filter((q) => ids.has(q.id));
  }

  /** Events stored past the mark before a restart (or a crash) are derived as if nothing happened. */
  private recover(): void {
    const mark = this.sqlite.prepare('select last_event_id as id from derive_mark').get() as
      | { id: number }
      | undefined;
    if (!mark) throw new Error('derive_mark has no row (migration 0009 missing?)');
    const rows = this.sqlite
      .prepare('select * from event where id > ? order by id')
      .all(mark.id) as Selectable<EventTable>[];
    // Acknowledged before the restart; the lag counts from now, when they are known again.
    const at = this.now();
    for (const row of rows) this.backlog.push({ id: Number(row.id), event: ingestEventFromRow(row), at });
  }

  /**
   * Inserts a row; the statement is prepared once per table from the mapper's columns. Values are
   * bound by position: binding ~25 named parameters per event row showed up in collect profiles.
   */
  private insert(table: keyof typeof CONFLICT, row: Record<string, unknown>): number {
    return this.run(table, row).changes;
  }

  private run(table: keyof typeof CONFLICT, row: Record<string, unknown>): SqliteDatabase.RunResult {
    let prepared = this.prepared.get(table);
    if (!prepared) {
      const columns = Object.keys(row);
      prepared = {
        columns,
        statement: this.sqlite.prepare(
          `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')}) ${CONFLICT[table]}`,
        ),
      };
      this.prepared.set(table, prepared);
    }
    const { columns, statement } = prepared;
    const values = new Array<unknown>(columns.length);
    for (let i = 0; i < columns.length; i++) values[i] = row[columns[i] as string];
    return statement.run(values);
  }

  /** Inserts the events; the new ones (retries are skipped) go to `queued` with their row ids. */
  private store(events: IngestEvent[], queued: QueuedEvent[]): CommitResult {
    let inserted = 0;
    for (const e of events) {
      const stored = this.run('event', eventRow(e));
      if (stored.changes === 0) continue;
      inserted += 1;
      queued.push({ id: Number(stored.lastInsertRowid), event: e, at: 0 });
    }
    return { inserted, duplicates: events.length - inserted, clicks: 0, conversions: 0 };
  }

  private deriveEvents(stored: QueuedEvent[], written: Written): { clicks: number; conversions: number } {
    const made = { clicks: 0, conversions: 0 };
    for (const [websiteId, events] of byWebsite(stored.map((q) => q.event))) {
      const site = this.deriveWebsite(websiteId, events, written);
      made.clicks += site.clicks;
      made.conversions += site.conversions;
    }
    return made;
  }

  /**
   * Rollups are summed over the whole transaction (one upsert per page, visitor and day rather than
   * one per request); the mark moves to the last event derived.
   */
  private finishDerivation(derived: QueuedEvent[], written: Written): void {
    for (const [websiteId, w] of written) {
      const dayOf = this.rollups.dayOf(websiteId);
      const skip = this.without;
      if (!skip.has('dashboard')) this.rollups.apply(websiteId, dashboardDelta(w.events, w.clicks, dayOf));
      if (!skip.has('breakdown')) this.breakdownRollups.apply(websiteId, breakdownDelta(w.events, dayOf));
      if (!skip.has('session')) this.sessionRollups.apply(websiteId, w.events);
    }
    const last = derived[derived.length - 1];
    if (last) this.setMark.run(last.id);
  }

  /** Sessions, clicks, conversions and identities of one website's stored events. */
  private deriveWebsite(websiteId: string, stored: IngestEvent[], written: Written) {
    const existing = this.visits.lookup(websiteId, new Set(stored.map((e) => e.sessionId)));
    const plan = planWrite(stored, existing, this.makeId);
    let conversions = 0;
    for (const v of plan.visits) this.insert('visit', visitRow(websiteId, v));
    // As the upsert left the row: a visit's visitor and start stay those it was made with.
    this.visits.remember(
      websiteId,
      plan.visits.map((v) => {
        const before = existing.get(v.sessionId);
        return before ? { ...v, visitorId: before.visitorId, startedAt: before.startedAt } : v;
      }),
    );
    for (const c of plan.clicks) this.insert('click', clickRow(c));
    for (const c of plan.conversions) conversions += this.insert('conversion', conversionRow(c));
    // A click or a user-id link can change the path of conversions already credited (a late,
    // offline-queued click; an identify): those are credited again (attribution/path-changes.ts).
    for (const c of plan.clicks) this.markAfterClick.run(clickParams(websiteId, c.visitorId, c.ts));
    for (const i of plan.identities) {
      if (Number(this.countUserVisitors.get(websiteId, i.userId)) >= MAX_LINKED_VISITORS) continue;
      if (this.insert('identity', identityRow(websiteId, i)) > 0)
        this.markAfterIdentify.run(websiteId, websiteId, i.userId);
    }
    const site = written.get(websiteId);
    if (site) {
      site.events.push(...stored);
      site.clicks.push(...plan.clicks);
    } else written.set(websiteId, { events: [...stored], clicks: [...plan.clicks] });
    return { clicks: plan.clicks.length, conversions };
  }
}

type Written = Map<string, { events: IngestEvent[]; clicks: ClickRow[] }>;

interface QueuedEvent {
  /** The event's row id. */
  id: number;
  event: IngestEvent;
  /** When its commit was acknowledged (ms). */
  at: number;
}
