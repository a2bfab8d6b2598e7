import { type Kysely, sql } from 'kysely';

/** better-auth's twoFactor plugin tables and each session's assurance level (checked by auth-schema.test.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "user" add column "twoFactorEnabled" integer`.execute(db);
  await sql`alter table "session" add column "aal" text`.execute(db);
  await sql`create table "twoFactor" ("id" text not null primary key, "secret" text not null, "backupCodes" text not null, "userId" text not null references "user" ("id") on delete cascade, "verified" integer, "failedVerificationCount" integer, "lockedUntil" date)`.execute(
    db,
  );
  await sql`create index "twoFactor_secret_idx" on "twoFactor" ("secret")`.execute(db);
  await sql`create index "twoFactor_userId_idx" on "twoFactor" ("userId")`.execute(db);
}
