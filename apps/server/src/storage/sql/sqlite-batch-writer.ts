import type { ClickRow, CommitResult, IngestEvent, VisitState } from '@ocx/core';
import { dashboardDelta, planWrite } from '@ocx/core';
import type SqliteDatabase from 'better-sqlite3';
import { timeOrderedId } from '../../db/time-ordered-id';
import { SqliteDashboardRollups } from './dashboard-rollups';
import { clickRow, conversionRow, eventRow, identityRow, visitRow } from './event-rows';

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

/**
 * Writes a batch of events and what planWrite makes of them in one synchronous transaction with
 * prepared statements — the SQLite ingestion hot path (it runs in the writer thread).
 */
export class SqliteBatchWriter {
  private readonly prepared = new Map<string, { columns: string[]; statement: SqliteDatabase.Statement }>();
  private readonly selectVisit: SqliteDatabase.Statement;
  private readonly rollups: SqliteDashboardRollups;
  /** Several batches in one transaction, each with its own result. */
  readonly commit: (batches: IngestEvent[][]) => CommitResult[];

  constructor(
    private readonly sqlite: SqliteDatabase.Database,
    private readonly makeId: () => string = timeOrderedId,
  ) {
    this.selectVisit = sqlite.prepare('select * from visit where website_id = ? and session_id = ?');
    this.rollups = new SqliteDashboardRollups(sqlite);
    this.commit = sqlite.transaction((batches: IngestEvent[][]) => {
      // Rollups are summed over the whole transaction: one upsert per page, visitor and day rather
      // than one per request (most requests carry a single event).
      const written = new Map<string, { events: IngestEvent[]; clicks: ClickRow[] }>();
      const results = batches.map((events) => this.write(events, written));
      for (const [websiteId, w] of written) this.rollups.apply(websiteId, dashboardDelta(w.events, w.clicks));
      return results;
    });
  }

  /**
   * Inserts a row; the statement is prepared once per table from the mapper's columns. Values are
   * bound by position: binding ~25 named parameters per event row showed up in collect profiles.
   */
  private insert(table: keyof typeof CONFLICT, row: Record<string, unknown>): number {
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
    return statement.run(values).changes;
  }

  private write(
    events: IngestEvent[],
    written: Map<string, { events: IngestEvent[]; clicks: ClickRow[] }>,
  ): CommitResult {
    const result: CommitResult = { inserted: 0, duplicates: 0, clicks: 0, conversions: 0 };
    const fresh = new Map<string, IngestEvent[]>();
    for (const e of events) {
      if (this.insert('event', eventRow(e)) === 0) continue;
      const list = fresh.get(e.websiteId);
      if (list) list.push(e);
      else fresh.set(e.websiteId, [e]);
    }
    for (const [websiteId, stored] of fresh) {
      const existing = new Map<string, VisitState>();
      for (const sessionId of new Set(stored.map((e) => e.sessionId))) {
        const v = this.selectVisit.get(websiteId, sessionId) as VisitRecord | undefined;
        if (v) existing.set(sessionId, toVisitState(v));
      }
      const plan = planWrite(stored, existing, this.makeId);
      for (const v of plan.visits) this.insert('visit', visitRow(websiteId, v));
      for (const c of plan.clicks) this.insert('click', clickRow(c));
      for (const c of plan.conversions) result.conversions += this.insert('conversion', conversionRow(c));
      for (const i of plan.identities) this.insert('identity', identityRow(websiteId, i));
      const site = written.get(websiteId);
      if (site) {
        site.events.push(...stored);
        site.clicks.push(...plan.clicks);
      } else written.set(websiteId, { events: [...stored], clicks: [...plan.clicks] });
      result.inserted += stored.length;
      result.clicks += plan.clicks.length;
    }
    result.duplicates = events.length - result.inserted;
    return result;
  }
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
