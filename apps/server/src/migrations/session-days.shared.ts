import { DAY_MS as DAY } from '@ocx/core';
import { type Kysely, sql } from 'kysely';
import { type Dialect, perDialect, withoutRowid } from '../db/dialect';

/** A UTC day in ms (the migration's own copy of core DAY_MS). */

/**
 * Migration 0037: `dash_session_day`, dash_session_hour's pageviews summed per UTC day of the
 * sessions' start. A session breakdown over whole days then reads a row per value and day instead
 * of one per hour (issue 27: the entry and exit pages over all time summed 188,000 hour rows at
 * 1M events). Triggers on dash_session_hour keep the sums, so every writer of it (collect,
 * erasure, consent link, clearing a website) keeps them right without knowing of them. A sum that
 * falls to 0 stays as a row.
 */
export async function createSessionDays(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Another app server may still be writing (a rolling upgrade): no row may land between the
  // sums below and the triggers. The lock lasts until the migrations' transaction ends.
  if (dialect === 'postgres') await sql`lock table dash_session_hour in share row exclusive mode`.execute(db);
  await sql`create table dash_session_day (
    website_id text not null,
    dimension text not null,
    day bigint not null,
    value text not null,
    pageviews integer not null,
    primary key (website_id, dimension, day, value)
  )${withoutRowid(dialect)}`.execute(db);
  await sql`insert into dash_session_day (website_id, dimension, day, value, pageviews)
    select website_id, dimension, hour - hour % ${sql.lit(DAY)} as d, value, sum(pageviews)
    from dash_session_hour group by website_id, dimension, d, value`.execute(db);
  await perDialect(dialect, { sqlite: sqliteTriggers, postgres: postgresTriggers })(db);
}

const dayOf = (row: 'new' | 'old') => sql.raw(`${row}.hour - ${row}.hour % ${DAY}`);
const add = sql`insert into dash_session_day (website_id, dimension, day, value, pageviews)
  values (new.website_id, new.dimension, ${dayOf('new')}, new.value, new.pageviews)
  on conflict (website_id, dimension, day, value) do update
  set pageviews = dash_session_day.pageviews + excluded.pageviews`;
const remove = sql`update dash_session_day set pageviews = pageviews - old.pageviews
  where website_id = old.website_id and dimension = old.dimension and day = ${dayOf('old')} and value = old.value`;
// The writers' upserts change only the pageviews: one statement adds the difference.
const same = sql.raw(`old.website_id = new.website_id and old.dimension = new.dimension
  and old.hour = new.hour and old.value = new.value`);
const change = sql`update dash_session_day set pageviews = pageviews + new.pageviews - old.pageviews
  where website_id = new.website_id and dimension = new.dimension and day = ${dayOf('new')} and value = new.value`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger dash_session_day_insert after insert on dash_session_hour
    begin ${add}; end`.execute(db);
  await sql`create trigger dash_session_day_delete after delete on dash_session_hour
    begin ${remove}; end`.execute(db);
  await sql`create trigger dash_session_day_update after update on dash_session_hour when ${same}
    begin ${change}; end`.execute(db);
  await sql`create trigger dash_session_day_move after update on dash_session_hour when not (${same})
    begin ${remove}; ${add}; end`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function dash_session_day_sum() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and ${same} then ${change}; return null; end if;
      if tg_op in ('UPDATE', 'DELETE') then ${remove}; end if;
      if tg_op in ('UPDATE', 'INSERT') then ${add}; end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger dash_session_day_sum after insert or delete or update on dash_session_hour
    for each row execute function dash_session_day_sum()`.execute(db);
}
