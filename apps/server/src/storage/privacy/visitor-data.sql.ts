import { ROLLED_BREAKDOWNS } from '@ocx/core';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { EventTable } from '../../db/schema/events.schema';
import { PATH_CHANGED } from '../attribution/path-changes';
import { type Dialect, takeTurns } from '../sql/dialect';
import type { CorrectionEvents } from './correction-events.sql';
import { RollupCorrections } from './rollup-corrections';
import { SessionCorrections } from './session-corrections';

/** What a visitor's rights answer counts and moves, per kind of row. */
export interface VisitorRowCounts {
  events: number;
  clicks: number;
  conversions: number;
  credits: number;
  identities: number;
  postbackDeliveries: number;
}

/**
 * Everything stored about one visitor id on one website (GDPR Art. 15 and 17): found by visitor
 * id, by a user id it was identified with, or by an order id (a conversion's dedupe key).
 */
export class VisitorDataRepository {
  private readonly rollups: RollupCorrections;
  private readonly sessions: SessionCorrections;

  /** `events`: where the rollup corrections read the raw events (the SQL `event` table unless given). */
  constructor(
    protected readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    events?: CorrectionEvents,
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
  async export(websiteId: string, visitorId: string) {
    const of = <T extends 'click' | 'identity'>(table: T) =>
      this.db
        .selectFrom(table as 'event')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('visitor_id', '=', visitorId)
        .execute();
    const conversions = await this.db
      .selectFrom('conversion')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('visitor_id', '=', visitorId)
      .execute();
    const ids = conversions.map((c) => c.id);
    return {
      events: await this.eventsOf(websiteId, visitorId),
      clicks: await of('click'),
      conversions,
      identities: await of('identity'),
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
   * Deletes every row of the visitor on the website in one transaction, takes them out of the
   * dashboard rollups (as if never counted), sends the conversions of visitors sharing a user id
   * with them back to be credited without their clicks, and logs who erased how many rows (with a
   * shortened visitor id and what found them, never the data). Returns the counts.
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
        conversions: await this.deleteOf(trx, 'conversion', websiteId, visitorId),
        clicks: await this.deleteOf(trx, 'click', websiteId, visitorId),
        events: await this.eraseEvents(trx, websiteId, visitorId),
        identities: await this.deleteOf(trx, 'identity', websiteId, visitorId),
      };
      await this.deleteOf(trx, 'visit', websiteId, visitorId);
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

  async erasures(websiteId: string) {
    return this.db
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
  }

  /** The visitor's raw events, as stored. */
  protected eventsOf(websiteId: string, visitorId: string): Promise<Selectable<EventTable>[]> {
    return this.db
      .selectFrom('event')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('visitor_id', '=', visitorId)
      .execute();
  }

  /** Deletes the visitor's raw events in the erasure's transaction; returns how many went. */
  protected eraseEvents(trx: Transaction<DB>, websiteId: string, visitorId: string): Promise<number> {
    return this.deleteOf(trx, 'event', websiteId, visitorId);
  }

  private async deleteOf(
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
}

/** What found the erased visitor in Website Config → Privacy (an API-key erasure names the visitor id). */
export type ErasureFoundBy = 'visitorId' | 'userId' | 'orderId';

export interface ErasureLogEntry {
  id: string;
  erasedBy: string;
  foundBy: ErasureFoundBy;
}

/**
 * The erased visitor id as the log keeps it: its first characters only, enough to answer "was the
 * visitor who gave us this id erased?" and too few to single anyone out (ids are random).
 */
export function visitorRef(visitorId: string): string {
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
