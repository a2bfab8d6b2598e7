import { type Kysely, sql } from 'kysely';

/** Read-only links to a website's dashboard: a SHA-256 of each token, the password hashed by better-auth. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table share_link (
    id text primary key,
    website_id text not null references website (id) on delete cascade,
    prefix text not null,
    token_hash text not null unique,
    password_hash text,
    created_by text not null references "user" ("id") on delete cascade,
    created_at text not null,
    last_viewed_at text
  )`.execute(db);
  await sql`create index share_link_website_idx on share_link (website_id)`.execute(db);
}
