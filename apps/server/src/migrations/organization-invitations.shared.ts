import { type Kysely, sql } from 'kysely';
import { type Dialect, perDialect } from '../db/dialect';

/**
 * Migration 0016 (both dialects), issue 19:
 * - every new user row gets its organization (a 14-day trial) and its owner membership from a
 *   trigger, so they commit or roll back with the user in one statement, whichever sign-up path
 *   (password, magic link, one-time code, Google/OIDC) better-auth takes. better-auth 1.7 runs
 *   `user.create.after` hooks only after its sign-up transaction commits, its `before` hooks run
 *   before the user row exists (the organization's owner key would fail), and its Kysely adapter
 *   does not hand out the transaction; a trigger is the one place that is inside it;
 * - invitations by email for people who may have no account yet: one pending invitation per
 *   organization and address, found by the SHA-256 of the token the mail's link carries.
 */
export async function migrateOrganizationInvitations(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const time = perDialect(dialect, { sqlite: sql.raw('text'), postgres: sql.raw('timestamptz') });
  await perDialect(dialect, { sqlite: sqliteTrigger, postgres: postgresTrigger })(db);

  await sql`create table organization_invitation (
    id text primary key,
    organization_id text not null references organization (id) on delete cascade,
    email text not null,
    role text not null,
    token_hash text not null unique,
    invited_by text references "user" ("id") on delete set null,
    expires_at ${time} not null,
    created_at ${time} not null
  )`.execute(db);
  await sql`create unique index organization_invitation_email_idx
    on organization_invitation (organization_id, email)`.execute(db);
}

/** TRIAL_DAYS (core) when this migration was written; a trial length change needs a new migration. */
const TRIAL_DAYS = 14;

async function sqliteTrigger(db: Kysely<unknown>): Promise<void> {
  const now = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`);
  const trialEnd = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+${TRIAL_DAYS} days')`);
  await sql`create trigger user_organization after insert on "user" for each row
    begin
      insert into organization
        (id, name, owner_user_id, plan, status, cancel_at_period_end, trial_ends_at, created_at, updated_at)
        values ('org-' || new.id, new.email, new.id, 'trial', 'trialing', 0, ${trialEnd}, ${now}, ${now});
      insert into organization_member (organization_id, user_id, role, created_at)
        values ('org-' || new.id, new.id, 'owner', ${now});
    end`.execute(db);
}

async function postgresTrigger(db: Kysely<unknown>): Promise<void> {
  await sql`create function user_organization() returns trigger language plpgsql as $$
    begin
      insert into organization
        (id, name, owner_user_id, plan, status, cancel_at_period_end, trial_ends_at, created_at, updated_at)
        values ('org-' || new.id, new.email, new.id, 'trial', 'trialing', 0,
          now() + interval '${sql.raw(String(TRIAL_DAYS))} days', now(), now());
      insert into organization_member (organization_id, user_id, role, created_at)
        values ('org-' || new.id, new.id, 'owner', now());
      return new;
    end $$`.execute(db);
  await sql`create trigger user_organization after insert on "user"
    for each row execute function user_organization()`.execute(db);
}
