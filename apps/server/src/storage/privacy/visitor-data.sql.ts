import { ROLLED_BREAKDOWNS } from '@ocx/core';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { type Dialect, takeTurns } from '../../db/dialect';
import type { DB } from '../../db/schema';
import type { EventTable } from '../../db/schema/events.schema';
import { toIso } from '../../db/sql-values';
import { PATH_CHANGED } from '../attribution/path-changes';
import { type CorrectionEvents, sqlEventReads } from './correction-events.sql';
import { RollupCorrections } from './rollup-corrections';
import { SessionCorrections } from './session-corrections';
import type {
  ErasureLogEntry,
  VisitorDataRepository,
  VisitorErasure,
  VisitorExport,
  VisitorRowCounts,
} from './visitor-data.repository';

/**
 * What an erasure and an export do with the visitor's raw events, wherever they are: the SQL
 * `event` table (sqlVisitorEvents), or ClickHouse (visitor-data.clickhouse.ts). The rollup
 * corrections read them through the CorrectionEvents part.
 */
export interface VisitorEvents extends CorrectionEvents {
  /** The visitor's raw events, as stored. */
  rows(websiteId: string, visitorId: string): Promise<Selectable<EventTable>[]>;
  /** Deletes the visitor's raw events during the erasure's transaction; returns how many went. */
  erase(trx: Transaction<DB>, websiteId: string, visitorId: string): Promise<number>;
}

/** The visitor's raw events in the SQL `event` table, deleted in the erasure's transaction. */
function sqlVisitorEvents(db: Kysely<DB>, dialect: Dialect): VisitorEvents {
  return {
    ...sqlEventReads(dialect),
    rows: (websiteId, visitorId) =>
      db
        .selectFrom('event')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('visitor_id', '=', visitorId)
        .execute(),
    erase: (trx, websiteId, visitorId) => deleteOf(trx, 'event', websiteId, visitorId),
  };
}

/**
 * The visitor's rows in the SQL database (visitor-data.repository.ts), the raw events where
 * `events` keeps them (the SQL `event` table unless given).
 */
export class SqlVisitorDataRepository implements VisitorDataRepository {
  private readonly rollups: RollupCorrections;
  private readonly sessions: SessionCorrections;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly events: VisitorEvents = sqlVisitorEvents(db, dialect),
  ) {
    this.rollups = new RollupCorrections(dialect, events);
    this.sessions = new SessionCorrections(dialect);
  }

  async visitorsByUserId(websiteId: string, userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('identity')
      .select('visitor_id')
      .distinct()
      .where('website_id', '=', websiteId)
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.visitor_id);
  }

  async visitorsByOrderId(websiteId: string, orderId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('conversion')
      .select('visitor_id')
      .distinct()
      .where('website_id', '=', websiteId)
      .where('dedupe_key', '=', orderId)
      .execute();
    return rows.flatMap((r) => (r.visitor_id ? [r.visitor_id] : []));
  }

  async counts(websiteId: string, visitorId: string): Promise<VisitorRowCounts> {
    const data = await this.export(websiteId, visitorId);
    return {
      events: data.events.length,
      clicks: data.clicks.length,
      conversions: data.conversions.length,
      credits: data.credits.length,
      identities: data.identities.length,
      postbackDeliveries: data.postbackDeliveries.length,
    };
  }

  /** Every row of the visitor on the website, as stored. */
  async export(websiteId: string, visitorId: string): Promise<VisitorExport> {
    const conversions = await this.db
      .selectFrom('conversion')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('visitor_id', '=', visitorId)
      .execute();
    const ids = conversions.map((c) => c.id);
    return {
      events: await this.events.rows(websiteId, visitorId),
      clicks: await this.db
        .selectFrom('click')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('visitor_id', '=', visitorId)
        .execute(),
      conversions,
      identities: await this.db
        .selectFrom('identity')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('visitor_id', '=', visitorId)
        .execute(),
      credits: ids.length
        ? await this.db
            .selectFrom('touch_credit')
            .selectAll()
            .where('website_id', '=', websiteId)
            .where('conversion_id', 'in', ids)
            .execute()
        : [],
      postbackDeliveries: ids.length
        ? await this.db
            .selectFrom('postback_delivery')
            .selectAll()
            .where('website_id', '=', websiteId)
            .where('conversion_id', 'in', ids)
            .execute()
        : [],
    };
  }

  /**
   * In one transaction (the raw events as `events` erases them); the log keeps a shortened visitor
   * id and what found them, never the data.
   */
  async erase(websiteId: string, visitorId: string, log: ErasureLogEntry): Promise<VisitorRowCounts> {
    return this.db.transaction().execute(async (trx) => {
      // In the website's writers' turn on PostgreSQL, as the rollup writers and the rebuild.
      await takeTurns(trx, this.dialect, websiteId);
      const pages = await this.rollups.subtractVisitor(trx, websiteId, visitorId);
      const sessions = await this.sessions.take(trx, websiteId, visitorId);
      await markLinkedConversions(trx, websiteId, visitorId);
      const conversionIds = (
        await trx
          .selectFrom('conversion')
          .select('id')
          .where('website_id', '=', websiteId)
          .where('visitor_id', '=', visitorId)
          .execute()
      ).map((r) => r.id);
      const byConversion = async (table: 'touch_credit' | 'postback_delivery') =>
        conversionIds.length
          ? Number(
              (
                await trx
                  .deleteFrom(table)
                  .where('website_id', '=', websiteId)
                  .where('conversion_id', 'in', conversionIds)
                  .executeTakeFirst()
              ).numDeletedRows,
            )
          : 0;
      const counts: VisitorRowCounts = {
        credits: await byConversion('touch_credit'),
        postbackDeliveries: await byConversion('postback_delivery'),
        conversions: await deleteOf(trx, 'conversion', websiteId, visitorId),
        clicks: await deleteOf(trx, 'click', websiteId, visitorId),
        events: await this.events.erase(trx, websiteId, visitorId),
        identities: await deleteOf(trx, 'identity', websiteId, visitorId),
      };
      await deleteOf(trx, 'visit', websiteId, visitorId);
      await this.rollups.resightPages(trx, websiteId, pages);
      // The breakdown rollups' visitor rows, by their key (dimension before visitor).
      await trx
        .deleteFrom('dash_value_visitor')
        .where('website_id', '=', websiteId)
        .where('dimension', 'in', Object.keys(ROLLED_BREAKDOWNS))
        .where('visitor_id', '=', visitorId)
        .execute();
      // The session rollups: the visitor's sessions counted again from the events left.
      await this.sessions.recount(trx, websiteId, sessions);
      await trx
        .insertInto('visitor_erasure')
        .values({
          id: log.id,
          website_id: websiteId,
          erased_by: log.erasedBy,
          erased_at: new Date().toISOString(),
          counts: JSON.stringify(counts),
          visitor_ref: visitorRef(visitorId),
          found_by: log.foundBy,
        })
        .execute();
      return counts;
    });
  }

  async erasures(websiteId: string): Promise<VisitorErasure[]> {
    const rows = await this.db
      .selectFrom('visitor_erasure')
      .leftJoin('user', (join) =>
        join.on(sql<boolean>`visitor_erasure.erased_by = ${sql.lit('user:')} || ${sql.ref('user.id')}`),
      )
      .select([
        'visitor_erasure.id',
        'erased_by',
        'erased_at',
        'counts',
        'visitor_ref',
        'found_by',
        'user.email as eraser_email',
      ])
      .where('visitor_erasure.website_id', '=', websiteId)
      .orderBy('erased_at', 'desc')
      .limit(100)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      erasedBy: r.erased_by,
      erasedByEmail: r.eraser_email ?? null,
      erasedAt: toIso(r.erased_at),
      visitorRef: r.visitor_ref,
      foundBy: r.found_by,
      counts: JSON.parse(r.counts) as VisitorRowCounts,
    }));
  }
}

/** Deletes the visitor's rows of one table in the erasure's transaction; returns how many went. */
async function deleteOf(
  trx: Transaction<DB>,
  table: 'event' | 'click' | 'conversion' | 'identity' | 'visit',
  websiteId: string,
  visitorId: string,
): Promise<number> {
  const result = await trx
    .deleteFrom(table as 'event')
    .where('website_id', '=', websiteId)
    .where('visitor_id', '=', visitorId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The erased visitor id as the log keeps it: its first characters only, enough to answer "was the
 * visitor who gave us this id erased?" and too few to single anyone out (ids are random).
 */
function visitorRef(visitorId: string): string {
  const shown = visitorId.startsWith('h.') ? 6 : 4;
  return visitorId.length <= shown ? '…' : `${visitorId.slice(0, shown)}…`;
}

/**
 * The conversions of the visitors sharing a user id with the erased one (cross-device paths) go
 * back to be credited again, without the erased clicks (path_changes as for an identify).
 */
async function markLinkedConversions(trx: Transaction<DB>, websiteId: string, visitorId: string) {
  await sql`update conversion set ${sql.raw(PATH_CHANGED)}
    where website_id = ${websiteId} and visitor_id <> ${visitorId} and visitor_id in (
      select other.visitor_id from identity mine cross join identity other
      where mine.website_id = ${websiteId} and mine.visitor_id = ${visitorId}
        and other.website_id = mine.website_id and other.user_id = mine.user_id)`.execute(trx);
}
