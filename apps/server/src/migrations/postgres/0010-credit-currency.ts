import { type Kysely, sql } from 'kysely';

/**
 * Value credit is summed per currency (there are no exchange rates): each credit carries its
 * conversion's currency, as it carries its time, so reports group credits without a join.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table attribution_credit add column currency text not null default 'USD'`.execute(db);
  await sql`update attribution_credit a set currency = c.currency from conversion c where c.id = a.conversion_id`.execute(
    db,
  );
}
