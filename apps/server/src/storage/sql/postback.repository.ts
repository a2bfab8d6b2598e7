import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DB, PostbackDeliveryTable } from '../../db/schema';

export type DeliveryRow = Selectable<PostbackDeliveryTable>;

/** The postback outbox: one row per conversion, retried until delivered or given up. */
export class PostbackRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  async enqueue(
    trx: Transaction<DB>,
    row: { id: string; websiteId: string; conversionId: string; url: string; now: number },
  ) {
    await trx
      .insertInto('postback_delivery')
      .values({
        id: row.id,
        website_id: row.websiteId,
        conversion_id: row.conversionId,
        url: row.url,
        status: 'pending',
        attempts: 0,
        next_attempt_at: row.now,
        last_status: null,
        last_error: null,
        created_at: row.now,
        delivered_at: null,
      })
      .onConflict((oc) => oc.column('conversion_id').doNothing())
      .execute();
  }

  /**
   * Due deliveries, leased for `leaseMs` so another server (or this one after a crash) tries them
   * again only if this attempt never reports back.
   */
  async claimDue(now: number, limit: number, leaseMs: number): Promise<DeliveryRow[]> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('postback_delivery')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit);
      if (this.dialect === 'postgres') query = query.forUpdate().skipLocked();
      const rows = await query.execute();
      if (rows.length) {
        await trx
          .updateTable('postback_delivery')
          .set({ next_attempt_at: now + leaseMs })
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
      }
      return rows;
    });
  }

  async delivered(id: string, attempts: number, status: number, now: number): Promise<void> {
    await this.db
      .updateTable('postback_delivery')
      .set({
        status: 'delivered',
        attempts,
        last_status: status,
        last_error: null,
        delivered_at: now,
        next_attempt_at: null,
      })
      .where('id', '=', id)
      .execute();
  }

  async failedAttempt(
    id: string,
    attempts: number,
    status: number | null,
    error: string,
    nextAttemptAt: number | null,
  ) {
    await this.db
      .updateTable('postback_delivery')
      .set({
        status: nextAttemptAt === null ? 'failed' : 'pending',
        attempts,
        last_status: status,
        last_error: error.slice(0, 500),
        next_attempt_at: nextAttemptAt,
      })
      .where('id', '=', id)
      .execute();
  }

  listByWebsite(websiteId: string, limit: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('postback_delivery')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }
}
