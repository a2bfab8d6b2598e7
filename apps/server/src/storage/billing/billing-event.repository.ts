import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Stripe webhook events already applied, by event id: a replayed event changes nothing. */
export class BillingEventRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async seen(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('billing_event')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  async record(id: string, type: string, now: string): Promise<void> {
    await this.db
      .insertInto('billing_event')
      .values({ id, type, received_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
