import { type Kysely, sql } from 'kysely';

/**
 * Privacy by default (docs/privacy.md#the-two-consent-modes): each website's consent mode — existing websites keep 'none',
 * today's behaviour; new ones are created with 'require' by the website service — and whether
 * Do-Not-Track counts as a refusal. The daily salts of hash visitors live in their own table, one
 * row per UTC day, never beside the events; yesterday's is deleted once today's exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table website add column consent_mode text not null default 'none'`.execute(db);
  await sql`alter table website add column respect_dnt integer not null default 0`.execute(db);
  await sql`create table visitor_salt (
    day text primary key,
    salt text not null
  )`.execute(db);
}
