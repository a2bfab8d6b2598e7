import { type Kysely, sql } from 'kysely';

/** When and why OCX last revoked all of a user's personal access tokens (the profile shows it). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table api_token_revocation (
    user_id text primary key references "user" ("id") on delete cascade,
    revoked_at text not null,
    reason text not null,
    token_count integer not null
  )`.execute(db);
}
