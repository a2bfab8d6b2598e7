import { DAY_MS as DAY } from '@ocx/core';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/dialect';

/** A UTC day in ms, as migration 0034 counts them (its own copy: it must not change with core). */

/** Per website, dimension, day and value: how many rows of `table` (a transition table) count there. */
const counted = (table: 'added' | 'removed', sign: '' | '-') =>
  `select website_id, dimension, last_seen - last_seen % ${DAY} as day, value, ${sign}count(*) as n
    from ${table} group by website_id, dimension, last_seen - last_seen % ${DAY}, value`;

/** Adds each key's net change to dash_value_seen_day; keys whose rows only moved within a day net 0. */
const apply = (changes: string) => sql`insert into dash_value_seen_day
    (website_id, dimension, day, value, visitors)
  select website_id, dimension, day, value, sum(n) from (${sql.raw(changes)}) changes
  group by website_id, dimension, day, value having sum(n) <> 0
  on conflict (website_id, dimension, day, value)
  do update set visitors = dash_value_seen_day.visitors + excluded.visitors`;

/**
 * Migration 0041: on PostgreSQL, dash_value_seen_day follows dash_value_visitor once per statement
 * instead of once per row. A collect commit upserts thousands of dash_value_visitor rows; the row
 * triggers of 0034 then ran a PL/pgSQL call and an upsert of a counter row for each (a 10M-event
 * seeding: 10.9 million updates of 19,000 counter rows in its first 3.3M events). The statement
 * triggers read the statement's rows from its transition tables (`referencing … table`) and change
 * each counter once, by the net amount. SQLite has no statement triggers: its row triggers stay
 * (in-process, prepared), so there the migration does nothing.
 */
export async function countSeenDaysByStatement(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  // No dash_value_visitor row may change between the old triggers and the new (a rolling upgrade).
  await sql`lock table dash_value_visitor in share row exclusive mode`.execute(db);
  await sql`drop trigger dash_value_seen_day_count on dash_value_visitor`.execute(db);
  await sql`drop trigger dash_value_seen_day_move on dash_value_visitor`.execute(db);
  await sql`drop function dash_value_seen_day_count()`.execute(db);
  // One function for the three triggers: PL/pgSQL plans a statement when it first runs it, so each
  // branch names only the transition tables its trigger has.
  await sql`create function dash_value_seen_day_statement() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${apply(counted('added', ''))};
      elsif tg_op = 'DELETE' then ${apply(counted('removed', '-'))};
      else ${apply(`${counted('added', '')} union all ${counted('removed', '-')}`)};
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger dash_value_seen_day_insert after insert on dash_value_visitor
    referencing new table as added
    for each statement execute function dash_value_seen_day_statement()`.execute(db);
  await sql`create trigger dash_value_seen_day_delete after delete on dash_value_visitor
    referencing old table as removed
    for each statement execute function dash_value_seen_day_statement()`.execute(db);
  await sql`create trigger dash_value_seen_day_update after update on dash_value_visitor
    referencing old table as removed new table as added
    for each statement execute function dash_value_seen_day_statement()`.execute(db);
}
