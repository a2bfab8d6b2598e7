import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB } from '../../../db/schema';
import type { EventTable } from '../../../db/schema/events.schema';

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
  constructor(protected readonly db: Kysely<DB>) {}

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
   * Deletes every row of the visitor on the website in one transaction, with its visitor rollups
   * (unique-visitor counts), and logs who erased how many rows. Returns the counts.
   */
  async erase(
    websiteId: string,
    visitorId: string,
    erasedBy: string,
    logId: string,
  ): Promise<VisitorRowCounts> {
    return this.db.transaction().execute(async (trx) => {
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
      for (const table of ['visit', 'dash_visitor', 'dash_visitor_day'] as const)
        await this.deleteOf(trx, table, websiteId, visitorId);
      await trx
        .insertInto('visitor_erasure')
        .values({
          id: logId,
          website_id: websiteId,
          erased_by: erasedBy,
          erased_at: new Date().toISOString(),
          counts: JSON.stringify(counts),
        })
        .execute();
      return counts;
    });
  }

  async erasures(websiteId: string) {
    return this.db
      .selectFrom('visitor_erasure')
      .select(['id', 'erased_by', 'erased_at', 'counts'])
      .where('website_id', '=', websiteId)
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
    table: 'event' | 'click' | 'conversion' | 'identity' | 'visit' | 'dash_visitor' | 'dash_visitor_day',
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
