import { type Kysely, sql } from 'kysely';

/**
 * privacy.retentionMonths per website (docs/privacy.md#what-is-stored-where): 25 months unless the owner chooses 1 to 120.
 * The erasure log: who erased a visitor's data on which website, when, and how many rows of each
 * kind went — never the visitor id or the data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table website add column retention_months integer not null default 25`.execute(db);
  await sql`create table visitor_erasure (
    id text primary key,
    website_id text not null references website (id) on delete cascade,
    erased_by text not null,
    erased_at timestamptz not null,
    counts text not null
  )`.execute(db);
  await sql`create index visitor_erasure_website_idx on visitor_erasure (website_id, erased_at)`.execute(db);
}
