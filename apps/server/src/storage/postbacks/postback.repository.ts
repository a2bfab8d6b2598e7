import type { PostbackDelivery } from '@ocx/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { type DeliveryRow, toDelivery } from './postback.mapper';

export type { DeliveryRow };

/** The postback outbox: one row per conversion, retried until delivered or given up. */
export class PostbackRepository {
  constructor(
    private readonly db: Kysely<DB>,
    /** Both dialects claim alike: the lease's `where` re-checks that a row is still due. */
    _dialect?: Dialect,
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
   * Due deliveries, oldest first but at most `perWebsite` of each website, and none of the websites
   * in `skipWebsites` (their lane is full): one slow website cannot fill the whole batch.
   */
  async dueCandidates(
    now: number,
    limit: number,
    perWebsite: number,
    skipWebsites: string[],
  ): Promise<{ id: string; websiteId: string }[]> {
    let due = this.db
      .selectFrom('postback_delivery')
      .select([
        'id',
        'website_id',
        'next_attempt_at',
        sql<number>`row_number() over (partition by website_id order by next_attempt_at, id)`.as('rank'),
      ])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now);
    if (skipWebsites.length > 0) due = due.where('website_id', 'not in', skipWebsites);
    const rows = await this.db
      .selectFrom(due.as('due'))
      .select(['id', 'website_id'])
      .where('rank', '<=', perWebsite)
      .orderBy('rank')
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, websiteId: r.website_id }));
  }

  /**
   * Leases the deliveries that are still due for `leaseMs`, so another server (or this one after a
   * crash) tries them again only if this attempt never reports back. A row another server leased
   * first is no longer due and is left out.
   */
  async lease(ids: string[], now: number, leaseMs: number): Promise<DeliveryRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .updateTable('postback_delivery')
      .set({ next_attempt_at: now + leaseMs })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .returningAll()
      .execute();
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

  async listByWebsite(websiteId: string, limit: number): Promise<PostbackDelivery[]> {
    const rows = await this.db
      .selectFrom('postback_delivery')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toDelivery);
  }
}
