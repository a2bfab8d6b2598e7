import type { ClickRow, CommitResult, IngestEvent, VisitState } from '@ocx/core';
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

const CONFLICT = {
  event: 'on conflict (website_id, event_id) do nothing',
  visit: `on conflict (website_id, session_id) do update set click_row_id = excluded.click_row_id,
    campaign_id = excluded.campaign_id, source_key = excluded.source_key, last_seen = excluded.last_seen`,
  click: '',
  conversion: 'on conflict (website_id, dedupe_key) do nothing',
  identity: 'on conflict (website_id, visitor_id, user_id) do nothing',
} as const;

interface VisitRecord {
  session_id: string;
  visitor_id: string;
  click_row_id: string;
  campaign_id: string | null;
  source_key: string | null;
  started_at: number;
  last_seen: number;
}

/** What a derivation pass made of the events it took. */
export interface Derived {
  events: number;
  clicks: number;
  conversions: number;
}

interface BatchWriterOptions {
  /**
   * A commit of at least this many events (collect under load) stores the events and queues them
   * for derivation in batches (derive()); smaller ones derive in the same transaction, so light
   * traffic reads its sessions, clicks and conversions right after the answer.
   */
  deferAt?: number;
  makeId?: () => string;
  /** Rollups left unwritten: bench:writer measures each one's share by turning it off. */
  without?: readonly RollupSet[];
}

export type RollupSet = 'dashboard' | 'breakdown' | 'session';

/**
 * Events per derivation transaction: bounds how long one holds the file's write lock and the
 * writer thread (~40 ms). A visit's or visitor's random index page is written once per pass, so
 * bigger passes write less.
 */
export const DERIVE_CHUNK = 2000;

/**
 * Writes a batch of events and what planWrite makes of them with prepared statements — the SQLite
 * ingestion hot path. Sessions, clicks, conversions, identities and rollups are derived in the
 * events' own transaction or, for big commits, later and thousands at a time (derive()): a random
 * index page is then written once per batch instead of once per commit. derive_mark names the
 * last derived event, so events stored past it are derived after a restart. One writer per file.
 */
export class SqliteBatchWriter {
  private readonly prepared = new Map<string, { columns: string[]; statement: SqliteDatabase.Statement }>();
  private readonly selectVisit: SqliteDatabase.Statement;
  private readonly setMark: SqliteDatabase.Statement;
  private readonly markAfterClick: SqliteDatabase.Statement;
  private readonly markAfterIdentify: SqliteDatabase.Statement;
  private readonly countUserVisitors: SqliteDatabase.Statement;
  private readonly rollups: SqliteDashboardRollups;
  private readonly breakdownRollups: SqliteBreakdownRollups;
  private readonly sessionRollups: SqliteSessionRollups;
  private readonly deferAt: number;
  private readonly without: ReadonlySet<RollupSet>;
  private readonly makeId: () => string;
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
    this.deferAt = options.deferAt ?? Number.POSITIVE_INFINITY;
    this.makeId = options.makeId ?? timeOrderedId;
    this.without = new Set(options.without);
    this.selectVisit = sqlite.prepare('select * from visit where website_id = ? and session_id = ?');
    this.setMark = sqlite.prepare('update derive_mark set last_event_id = ?');
    const p = placeholder('sqlite');
    this.markAfterClick = sqlite.prepare(markAfterClick(p));
    this.markAfterIdentify = sqlite.prepare(markAfterIdentify(p));
    this.countUserVisitors = sqlite.prepare(countUserVisitors(p)).pluck();
    this.rollups = new SqliteDashboardRollups(sqlite);
    this.breakdownRollups = new SqliteBreakdownRollups(sqlite);
    this.sessionRollups = new SqliteSessionRollups(sqlite);
    this.commitTransaction = sqlite.transaction((batches: IngestEvent[][], queued: QueuedEvent[]) => {
      const size = batches.reduce((n, events) => n + events.length, 0);
      // Once events wait, later ones wait behind them: sessions are derived in commit order.
      const defer = this.backlog.length > 0 || size >= this.deferAt;
      const stored: QueuedEvent[] = [];
      const written: Written = new Map();
      const results = batches.map((events) => {
        const fresh: QueuedEvent[] = [];
        const result = this.store(events, fresh);
        stored.push(...fresh);
        if (!defer) Object.assign(result, this.deriveEvents(fresh, written));
        return result;
      });
      if (defer) queued.push(...stored);
      else this.finishDerivation(stored, written);
      return results;
    });
    this.deriveTransaction = sqlite.transaction((queued: QueuedEvent[]) => {
      const written: Written = new Map();
      const derived = { events: queued.length, ...this.deriveEvents(queued, written) };
      this.finishDerivation(queued, written);
      return derived;
    });
    this.recover();
  }

  /**
   * Several batches in one transaction, each with its own result. Both transactions are IMMEDIATE:
   * a deferred one that reads first fails at its first write, without waiting, when another
   * connection (the HTTP or auth thread's) committed since its read began, and a whole derivation
   * pass would be thrown away and retried.
   */
  commit(batches: IngestEvent[][]): CommitResult[] {
    const queued: QueuedEvent[] = [];
    const results = this.commitTransaction.immediate(batches, queued);
    // Only once committed: a rolled-back transaction queued nothing.
    this.backlog.push(...queued);
    return results;
  }

  /** Events stored and waiting for derivation. */
  pending(): number {
    return this.backlog.length;
  }

  /** Derives the oldest queued events (at most DERIVE_CHUNK) in one transaction. */
  derive(): Derived {
    const taken = this.backlog.slice(0, DERIVE_CHUNK);
    if (taken.length === 0) return { events: 0, clicks: 0, conversions: 0 };
    const derived = this.deriveTransaction.immediate(taken);
    this.backlog.splice(0, taken.length);
    return derived;
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
    for (const row of rows) this.backlog.push({ id: Number(row.id), event: ingestEventFromRow(row) });
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

  /** Inserts the events; the new ones (retries are skipped) go to `fresh` with their row ids. */
  private store(events: IngestEvent[], fresh: QueuedEvent[]): CommitResult {
    for (const e of events) {
      const stored = this.run('event', eventRow(e));
      if (stored.changes > 0) fresh.push({ id: Number(stored.lastInsertRowid), event: e });
    }
    return { inserted: fresh.length, duplicates: events.length - fresh.length, clicks: 0, conversions: 0 };
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
    const existing = new Map<string, VisitState>();
    for (const sessionId of new Set(stored.map((e) => e.sessionId))) {
      const v = this.selectVisit.get(websiteId, sessionId) as VisitRecord | undefined;
      if (v) existing.set(sessionId, toVisitState(v));
    }
    const plan = planWrite(stored, existing, this.makeId);
    let conversions = 0;
    for (const v of plan.visits) this.insert('visit', visitRow(websiteId, v));
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
}

function toVisitState(v: VisitRecord): VisitState {
  return {
    sessionId: v.session_id,
    visitorId: v.visitor_id,
    clickRowId: v.click_row_id,
    campaignId: v.campaign_id,
    sourceKey: v.source_key,
    startedAt: v.started_at,
    lastSeen: v.last_seen,
  };
}
