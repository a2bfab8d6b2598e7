import { type Kysely, sql } from 'kysely';

/**
 * Value credit is summed per currency (there are no exchange rates): each credit carries its
 * conversion's currency, as it carries its time, so reports group credits without a join.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table attribution_credit add column currency text not null default 'USD'`.execute(db);
  await sql`update attribution_credit set currency = coalesce(
    (select c.currency from conversion c where c.id = attribution_credit.conversion_id), 'USD')`.execute(db);
}
