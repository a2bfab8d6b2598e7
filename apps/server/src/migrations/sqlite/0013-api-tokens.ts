import { type Kysely, sql } from 'kysely';

/**
 * better-auth's jwt plugin keys (served at /.well-known/jwks.json; checked by auth-schema.test.ts)
 * and personal access tokens: only a SHA-256 of each token is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table "jwks" ("id" text not null primary key, "publicKey" text not null, "privateKey" text not null, "createdAt" date not null, "expiresAt" date, "alg" text, "crv" text)`.execute(
    db,
  );
  await sql`create table api_token (
    id text primary key,
    user_id text not null references "user" ("id") on delete cascade,
    name text not null,
    prefix text not null,
    token_hash text not null unique,
    scope text not null,
    created_at text not null,
    last_used_at text,
    expires_at text
  )`.execute(db);
  await sql`create index api_token_user_idx on api_token (user_id)`.execute(db);
}
