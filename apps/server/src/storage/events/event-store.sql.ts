import type {
  CampaignTotals,
  CommitResult,
  EventStore,
  IngestEvent,
  StoredEvent,
  VisitState,
} from '@ocx/core';
import { breakdownDelta, byWebsite, dashboardDelta, planWrite } from '@ocx/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Dialect, takeTurns } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { timeOrderedId } from '../../db/time-ordered-id';
import { MAX_LINKED_VISITORS, PathChanges } from '../attribution/path-changes';
import { applyBreakdownRollups } from '../breakdowns/breakdown-rollups';
import { applyDashboardRollups, dashboardTables, rollupDayIn } from '../dashboard/dashboard-rollups';
import { applySessionRollups } from '../dashboard/session-rollups';
import { clickRow, conversionRow, eventRow, identityRow, storedEventFrom, visitRow } from './event-rows.sql';

/** Rows per INSERT statement: 33 columns × 250 stays far below SQLite's and PostgreSQL's parameter caps. */
const CHUNK = 250;

export function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Where a commit stores the raw events: the SQL `event` table (sqlEventTable), or ClickHouse
 * (event-store.clickhouse.ts). Both steps run in the commit's transaction, under the website's turn.
 */
interface RawEventRows {
  /** Whether the session rollups are kept: their readers read the SQL `event` table (not ClickHouse). */
  readonly keepsSessionRollups: boolean;
  /** The events not stored before (by website and event id); may store them right away. */
  fresh(trx: Transaction<DB>, websiteId: string, events: IngestEvent[]): Promise<IngestEvent[]>;
  /** The last step of a website's part of the commit, after everything they derive: stores them if `fresh` did not. */
  store(trx: Transaction<DB>, websiteId: string, fresh: IngestEvent[]): Promise<void>;
}

/** The raw events in the SQL `event` table: inserted when asked which are fresh. */
const sqlEventTable: RawEventRows = {
  keepsSessionRollups: true,
  async fresh(trx, _websiteId, events) {
    const stored = new Set<string>();
    for (const chunk of chunks(events)) {
      const rows = await trx
        .insertInto('event')
        .values(chunk.map(eventRow))
        .onConflict((oc) => oc.columns(['website_id', 'event_id']).doNothing())
        .returning('event_id')
        .execute();
      for (const row of rows) stored.add(row.event_id);
    }
    return events.filter((e) => stored.has(e.eventId));
  },
  async store() {
    // Already in the `event` table (fresh inserted them).
  },
};

/**
 * The event store on SQLite or PostgreSQL through Kysely: the sessions, clicks, conversions,
 * identities and rollups in the SQL database, the raw events where `rawEvents` keeps them.
 */
export class SqlEventStore implements EventStore {
  private readonly pathChanges: PathChanges;

  constructor(
    protected readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly rawEvents: RawEventRows = sqlEventTable,
    private readonly newId: () => string = timeOrderedId,
  ) {
    this.pathChanges = new PathChanges(dialect);
  }

  async commit(events: IngestEvent[]): Promise<CommitResult> {
    const result: CommitResult = { inserted: 0, duplicates: 0, clicks: 0, conversions: 0 };
    if (events.length === 0) return result;
    const bySite = byWebsite(dedupe(events));
    await this.db.transaction().execute(async (trx) => {
      for (const websiteId of [...bySite.keys()].sort()) {
        const batch = bySite.get(websiteId) ?? [];
        const part = await this.commitWebsite(trx, websiteId, batch);
        result.inserted += part.inserted;
        result.clicks += part.clicks;
        result.conversions += part.conversions;
      }
      // Derived in this transaction: past the mark the SQLite store would derive them again.
      if (this.dialect === 'sqlite')
        await sql`update derive_mark set last_event_id = (select coalesce(max(id), 0) from event)`.execute(
          trx,
        );
    });
    result.duplicates = events.length - result.inserted;
    return result;
  }

  private async commitWebsite(trx: Transaction<DB>, websiteId: string, events: IngestEvent[]) {
    // Writers on other app servers take turns per website, so a session's entrance is decided once.
    await takeTurns(trx, this.dialect, websiteId);

    const fresh = await this.rawEvents.fresh(trx, websiteId, events);
    if (fresh.length === 0) return { inserted: 0, clicks: 0, conversions: 0 };

    const existing = await this.visits(trx, websiteId, [...new Set(fresh.map((e) => e.sessionId))]);
    const plan = planWrite(fresh, existing, this.newId);

    for (const chunk of chunks(plan.visits)) {
      await trx
        .insertInto('visit')
        .values(chunk.map((v) => visitRow(websiteId, v)))
        .onConflict((oc) =>
          oc.columns(['website_id', 'session_id']).doUpdateSet((eb) => ({
            click_row_id: eb.ref('excluded.click_row_id'),
            campaign_id: eb.ref('excluded.campaign_id'),
            source_key: eb.ref('excluded.source_key'),
            last_seen: eb.ref('excluded.last_seen'),
          })),
        )
        .execute();
    }
    for (const chunk of chunks(plan.clicks)) {
      await trx.insertInto('click').values(chunk.map(clickRow)).execute();
    }
    let conversions = 0;
    for (const chunk of chunks(plan.conversions)) {
      const rows = await trx
        .insertInto('conversion')
        .values(chunk.map(conversionRow))
        .onConflict((oc) => oc.columns(['website_id', 'dedupe_key']).doNothing())
        .returning('id')
        .execute();
      conversions += rows.length;
    }
    await this.pathChanges.afterClicks(trx, websiteId, plan.clicks);
    for (const identity of plan.identities) {
      if ((await this.pathChanges.userVisitors(trx, websiteId, identity.userId)) >= MAX_LINKED_VISITORS)
        continue;
      const linked = await trx
        .insertInto('identity')
        .values(identityRow(websiteId, identity))
        .onConflict((oc) => oc.columns(['website_id', 'visitor_id', 'user_id']).doNothing())
        .executeTakeFirst();
      if (Number(linked.numInsertedOrUpdatedRows ?? 0) > 0)
        await this.pathChanges.afterIdentify(trx, websiteId, identity.userId);
    }
    const dayOf = await rollupDayIn(trx, websiteId);
    await applyDashboardRollups(trx, websiteId, dashboardDelta(fresh, plan.clicks, dayOf));
    await applyBreakdownRollups(trx, websiteId, breakdownDelta(fresh, dayOf));
    if (this.rawEvents.keepsSessionRollups) await applySessionRollups(trx, this.dialect, websiteId, fresh);
    await this.rawEvents.store(trx, websiteId, fresh);
    return { inserted: fresh.length, clicks: plan.clicks.length, conversions };
  }

  private async visits(
    trx: Transaction<DB>,
    websiteId: string,
    sessionIds: string[],
  ): Promise<Map<string, VisitState>> {
    const found = new Map<string, VisitState>();
    for (const ids of chunks(sessionIds, 500)) {
      const rows = await trx
        .selectFrom('visit')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('session_id', 'in', ids)
        .execute();
      for (const r of rows) {
        found.set(r.session_id, {
          sessionId: r.session_id,
          visitorId: r.visitor_id,
          clickRowId: r.click_row_id,
          campaignId: r.campaign_id,
          sourceKey: r.source_key,
          startedAt: Number(r.started_at),
          lastSeen: Number(r.last_seen),
        });
      }
    }
    return found;
  }

  async recentEvents(websiteId: string, limit: number): Promise<StoredEvent[]> {
    const rows = await this.db
      .selectFrom('event')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('ts', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(storedEventFrom);
  }

  async campaignTotals(websiteId: string): Promise<CampaignTotals[]> {
    const rows = await this.db
      .selectFrom('click')
      .select(['campaign_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('website_id', '=', websiteId)
      .where('campaign_id', 'is not', null)
      .groupBy('campaign_id')
      .execute();
    return rows.flatMap((r) => (r.campaign_id ? [{ campaignId: r.campaign_id, clicks: Number(r.n) }] : []));
  }

  async settle(): Promise<void> {
    // Everything is derived in the commit's own transaction.
  }

  pending(): number {
    return 0;
  }

  async close(): Promise<void> {
    // Nothing of its own to release: the database connection belongs to the app.
  }

  async deleteWebsite(websiteId: string): Promise<void> {
    await this.deleteWebsiteAfter(websiteId, () => {});
  }

  /** Deletes in one transaction that first runs `before` (synchronous, on the same connection). */
  protected async deleteWebsiteAfter(websiteId: string, before: () => void): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      before();
      for (const table of [
        'event',
        'visit',
        'click',
        'conversion',
        'identity',
        'touch_credit',
        'attribution_version',
        'attribution_job',
        'postback_delivery',
      ] as const) {
        await trx.deleteFrom(table).where('website_id', '=', websiteId).execute();
      }
      for (const table of dashboardTables)
        await trx.deleteFrom(table).where('website_id', '=', websiteId).execute();
      // New events may now get ids up to the old mark (SQLite hands out max(id) + 1): bring it down
      // to the highest id left. Everything stored before is derived (the SQLite store settles first).
      if (this.dialect === 'sqlite')
        await sql`update derive_mark set last_event_id = min(last_event_id, (select coalesce(max(id), 0) from event))`.execute(
          trx,
        );
    });
  }
}

/** A batch can carry the same event twice (a retry racing the original): keep the first. */
function dedupe(events: IngestEvent[]): IngestEvent[] {
  const seen = new Set<string>();
  return events.filter((e) => {
    const key = `${e.websiteId}\u0000${e.eventId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
