import { DAY_MS as DAY } from '@ocx/core';
import { type Kysely, sql } from 'kysely';
import { type Dialect, perDialect, withoutRowid } from '../db/dialect';

/**
 * A UTC day in ms (core DAY_MS; the migration's own copy, as it must not change with core); the
 * day of a last_seen is `last_seen - last_seen % DAY`.
 */

/**
 * Migration 0034: `dash_value_seen_day`, how many dash_value_visitor rows of each website,
 * dimension and value have their last_seen on each UTC day. A breakdown's visitors per value over
 * whole days then come from a few rows per value instead of one per visitor (issue 27: page, all
 * time, was one pass over 600k index entries). Triggers on dash_value_visitor keep the counts, so
 * every writer of it (collect, session rollups, erasure, consent link, clearing a website) keeps
 * them right without knowing of them; an update moves a row only when its day changes.
 */
export async function createValueSeenDays(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Another app server may still be writing (a rolling upgrade): no row may land between the
  // count below and the triggers. The lock lasts until the migrations' transaction ends.
  if (dialect === 'postgres')
    await sql`lock table dash_value_visitor in share row exclusive mode`.execute(db);
  await sql`create table dash_value_seen_day (
    website_id text not null,
    dimension text not null,
    day bigint not null,
    value text not null,
    visitors integer not null,
    primary key (website_id, dimension, day, value)
  )${withoutRowid(dialect)}`.execute(db);
  await sql`insert into dash_value_seen_day (website_id, dimension, day, value, visitors)
    select website_id, dimension, last_seen - last_seen % ${sql.lit(DAY)} as d, value, count(*)
    from dash_value_visitor group by website_id, dimension, d, value`.execute(db);
  await perDialect(dialect, { sqlite: sqliteTriggers, postgres: postgresTriggers })(db);
}

/** The day of `row`'s last_seen, and whether an update moves the row to another count. */
const dayOf = (row: 'new' | 'old') => sql.raw(`${row}.last_seen - ${row}.last_seen % ${DAY}`);
const moved = sql.raw(`old.website_id <> new.website_id or old.dimension <> new.dimension
  or old.value <> new.value or old.last_seen / ${DAY} <> new.last_seen / ${DAY}`);

const add = sql`insert into dash_value_seen_day (website_id, dimension, day, value, visitors)
  values (new.website_id, new.dimension, ${dayOf('new')}, new.value, 1)
  on conflict (website_id, dimension, day, value) do update set visitors = dash_value_seen_day.visitors + 1`;
const remove = sql`update dash_value_seen_day set visitors = visitors - 1
  where website_id = old.website_id and dimension = old.dimension and day = ${dayOf('old')} and value = old.value`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger dash_value_seen_day_insert after insert on dash_value_visitor
    begin ${add}; end`.execute(db);
  await sql`create trigger dash_value_seen_day_delete after delete on dash_value_visitor
    begin ${remove}; end`.execute(db);
  await sql`create trigger dash_value_seen_day_update after update on dash_value_visitor when ${moved}
    begin ${remove}; ${add}; end`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function dash_value_seen_day_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then ${remove}; end if;
      if tg_op in ('UPDATE', 'INSERT') then ${add}; end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger dash_value_seen_day_count after insert or delete on dash_value_visitor
    for each row execute function dash_value_seen_day_count()`.execute(db);
  await sql`create trigger dash_value_seen_day_move after update on dash_value_visitor
    for each row when (${moved}) execute function dash_value_seen_day_count()`.execute(db);
}
