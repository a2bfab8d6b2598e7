import { type Kysely, sql } from 'kysely';

/** privacy.retentionMonths per website (DESIGN §10): 25 months unless the owner chooses 1 to 120. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table website add column retention_months integer not null default 25`.execute(db);
}
