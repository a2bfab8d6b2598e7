import { type Kysely, sql } from 'kysely';
import { type Dialect, perDialect } from '../db/dialect';

/**
 * The SQL tables copied to ClickHouse, by the kind written in the outbox and the column it names a
 * row by: a conversion's credits (one row per touchpoint and version) are copied together.
 */
const MIRRORED = [
  { table: 'click', kind: 'click', id: 'id' },
  { table: 'conversion', kind: 'conversion', id: 'id' },
  { table: 'touch_credit', kind: 'credit', id: 'conversion_id' },
] as const;

/**
 * Migration 0040: with the events in ClickHouse, the clicks, conversions and credits are copied
 * there as well, for the logs and the reports (storage/clickhouse/mirror.clickhouse.ts). They are
 * written, credited and changed here, in transactions; triggers write the id of every inserted,
 * changed or deleted row to
 * `clickhouse_outbox` while `clickhouse_mirror` holds its row (set at start when CLICKHOUSE_URL is
 * set), and a background task copies the rows the outbox names. Triggers, so that every writer
 * (collect, server-to-server conversions, crediting, the consent link, address truncation,
 * erasure, retention, deleting a website) is copied without knowing of it. Without ClickHouse the
 * triggers find no row and write nothing.
 */
export async function createClickHouseMirror(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`create table clickhouse_mirror (id integer primary key check (id = 1))`.execute(db);
  const seq = perDialect(dialect, {
    sqlite: sql`seq integer primary key autoincrement`,
    postgres: sql`seq bigserial primary key`,
  });
  await sql`create table clickhouse_outbox (
    ${seq},
    kind text not null,
    website_id text not null,
    row_id text not null,
    ts bigint not null
  )`.execute(db);
  await perDialect(dialect, { sqlite: sqliteTriggers, postgres: postgresTriggers })(db);
}

const note = (kind: string, id: string, row: 'new' | 'old') =>
  sql.raw(`insert into clickhouse_outbox (kind, website_id, row_id, ts)
    values ('${kind}', ${row}.website_id, ${row}.${id}, ${row}.ts)`);
const on = sql.raw('exists (select 1 from clickhouse_mirror)');
/** A row's place in ClickHouse's sorting key moved: its old place gets a tombstone. */
const moved = (id: string) =>
  sql.raw(`(old.website_id <> new.website_id or old.${id} <> new.${id} or old.ts <> new.ts)`);

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const { table, kind, id } of MIRRORED) {
    const name = (op: string) => sql.raw(`${table}_mirror_${op}`);
    const t = sql.raw(table);
    await sql`create trigger ${name('insert')} after insert on ${t} when ${on}
      begin ${note(kind, id, 'new')}; end`.execute(db);
    await sql`create trigger ${name('update')} after update on ${t} when ${on}
      begin ${note(kind, id, 'new')}; end`.execute(db);
    await sql`create trigger ${name('move')} after update on ${t} when ${on} and ${moved(id)}
      begin ${note(kind, id, 'old')}; end`.execute(db);
    await sql`create trigger ${name('delete')} after delete on ${t} when ${on}
      begin ${note(kind, id, 'old')}; end`.execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  for (const { table, kind, id } of MIRRORED) {
    const fn = sql.raw(`${table}_mirror`);
    await sql`create function ${fn}() returns trigger language plpgsql as $$
      begin
        if not ${on} then return null; end if;
        if tg_op in ('UPDATE', 'INSERT') then ${note(kind, id, 'new')}; end if;
        if tg_op = 'DELETE' or (tg_op = 'UPDATE' and ${moved(id)}) then ${note(kind, id, 'old')}; end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger ${fn} after insert or delete or update on ${sql.raw(table)}
      for each row execute function ${fn}()`.execute(db);
  }
}
