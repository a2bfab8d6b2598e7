import { type Kysely, sql } from 'kysely';
import { type Dialect, perDialect } from '../db/dialect';

/**
 * Migration 0042 (both dialects), issue 42: `organization.owner_user_id` names the user whose home
 * organization this is (made at sign-up), and becomes NULL once they leave it or delete their
 * account, instead of the organization going with them (it cascaded, taking every website of an
 * organization other members still use). The column becomes nullable and its key `on delete set
 * null`; its unique index stays (NULLs do not collide).
 */
export async function migrateOrganizationHome(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await perDialect(dialect, { sqlite: rebuildOnSqlite, postgres: alterOnPostgres })(db);
}

async function alterOnPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organization alter column owner_user_id drop not null`.execute(db);
  const { rows } = await sql<{ name: string }>`select c.conname as name from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.conrelid = 'organization'::regclass and c.contype = 'f' and a.attname = 'owner_user_id'`.execute(
    db,
  );
  for (const { name } of rows)
    await sql`alter table organization drop constraint ${sql.id(name)}`.execute(db);
  await sql`alter table organization add constraint organization_owner_user_id_fkey
    foreign key (owner_user_id) references "user" ("id") on delete set null`.execute(db);
}

const COLUMNS = sql.raw(
  'id, name, owner_user_id, plan, status, stripe_customer_id, current_period_end, cancel_at_period_end, ' +
    'trial_ends_at, created_at, updated_at, stripe_subscription_id, billing_event_at',
);

/**
 * SQLite cannot change a column's constraints in place: the table is rebuilt as SQLite documents it
 * (ALTER TABLE, "other kinds of table schema changes"): foreign keys off, one transaction, a new
 * table copied and renamed, its indexes made again, a foreign key check, foreign keys on. Kysely
 * runs SQLite migrations outside a transaction, so the pragma takes effect here. Triggers elsewhere
 * that name the table (the "user" trigger of 0016 inserts organizations) would fail the rename's
 * schema check while the table is away, so they are dropped and made again from their own text.
 */
async function rebuildOnSqlite(db: Kysely<unknown>): Promise<void> {
  const { rows: pragma } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  const foreignKeysWereOn = pragma[0]?.foreign_keys === 1;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await rebuildOrganization(db);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    if (foreignKeysWereOn) await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function rebuildOrganization(db: Kysely<unknown>): Promise<void> {
  const { rows: indexes } = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'index' and tbl_name = 'organization' and sql is not null`.execute(db);
  const { rows: triggers } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
    where type = 'trigger' and tbl_name <> 'organization' and sql like '%organization%'`.execute(db);
  for (const trigger of triggers) await sql`drop trigger ${sql.id(trigger.name)}`.execute(db);

  await sql`create table organization_rebuilt (
    id text primary key,
    name text not null,
    owner_user_id text references "user" ("id") on delete set null,
    plan text not null,
    status text not null,
    stripe_customer_id text,
    current_period_end text,
    cancel_at_period_end integer not null default 0,
    trial_ends_at text,
    created_at text not null,
    updated_at text not null,
    stripe_subscription_id text,
    billing_event_at bigint not null default 0
  )`.execute(db);
  await sql`insert into organization_rebuilt (${COLUMNS}) select ${COLUMNS} from organization`.execute(db);
  await sql`drop table organization`.execute(db);
  await sql`alter table organization_rebuilt rename to organization`.execute(db);
  for (const index of indexes) await sql.raw(index.sql).execute(db);
  for (const trigger of triggers) await sql.raw(trigger.sql).execute(db);

  // The tables that point at organizations, and its own key to "user".
  for (const table of ['organization', 'organization_member', 'organization_invitation', 'website']) {
    const { rows } = await sql`pragma foreign_key_check(${sql.id(table)})`.execute(db);
    if (rows.length > 0)
      throw new Error(`Rebuilding organization broke ${rows.length} foreign key(s) of ${table}`);
  }
}
