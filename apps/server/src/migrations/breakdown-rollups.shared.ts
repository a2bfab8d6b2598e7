import { type Kysely, sql } from 'kysely';
import { type Dialect, withoutRowid } from '../db/dialect';

/** Migration 0026: the screen size class of each event (core screenClass), from trackers that send it. */
export async function addEventScreen(db: Kysely<unknown>): Promise<void> {
  await sql`alter table event add column screen text`.execute(db);
}

/**
 * The event column each rolled-up breakdown dimension reads (core ROLLED_BREAKDOWNS), with `page`
 * the path of pageviews. Written here as the migration's own copy: a later change of the list must
 * not change what this migration wrote.
 */
const EVENT_COLUMNS = [
  ['country', 'country'],
  ['device', 'device_type'],
  ['browser', 'browser'],
  ['os', 'os'],
  ['screen', 'screen'],
] as const;

/**
 * Migration 0027: the breakdown rollups (issue 27), filled from the events already stored.
 * - `dash_value_visitor`: per website, dimension, value ('' for none) and visitor, the visitor's
 *   latest event with that value (moved in steps, as dash_visitor's last_seen): the visitors of
 *   each value over any range come from one pass over the (dimension, value, last_seen) index.
 * - `dash_value_day`: pageviews per website, dimension, local day and value.
 * Day rows are filled by UTC day; websites in another zone start a rollup rebuild, which re-keys them.
 */
export async function createBreakdownRollups(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`create table dash_value_visitor (
    website_id text not null,
    dimension text not null,
    value text not null,
    visitor_id text not null,
    last_seen bigint not null,
    primary key (website_id, dimension, visitor_id, value)
  )${withoutRowid(dialect)}`.execute(db);
  // Value first: a breakdown counts each value's rows in the index's order (no sort of the rows).
  await sql`create index dash_value_visitor_value_idx
    on dash_value_visitor (website_id, dimension, value, last_seen)`.execute(db);
  await sql`create table dash_value_day (
    website_id text not null,
    dimension text not null,
    day bigint not null,
    value text not null,
    pageviews integer not null,
    primary key (website_id, dimension, day, value)
  )${withoutRowid(dialect)}`.execute(db);
  const utcDay = sql`(ts - ts % 86400000)`;
  for (const [dimension, column] of EVENT_COLUMNS) {
    const value = sql`coalesce(${sql.ref(column)}, '')`;
    await sql`insert into dash_value_visitor (website_id, dimension, value, visitor_id, last_seen)
      select website_id, ${dimension}, ${value} as v, visitor_id, max(ts) from event
      group by website_id, v, visitor_id`.execute(db);
    await sql`insert into dash_value_day (website_id, dimension, day, value, pageviews)
      select website_id, ${dimension}, ${utcDay} as d, ${value} as v, count(*) from event
      where type = 'pageview' group by website_id, d, v`.execute(db);
  }
  await sql`insert into dash_value_visitor (website_id, dimension, value, visitor_id, last_seen)
    select website_id, 'page', path, visitor_id, max(ts) from event where type = 'pageview'
    group by website_id, path, visitor_id`.execute(db);
  await sql`insert into dash_value_day (website_id, dimension, day, value, pageviews)
    select website_id, 'page', ${utcDay} as d, path, count(*) from event where type = 'pageview'
    group by website_id, d, path`.execute(db);
  await sql`update website set rollup_rebuilt_until = 0
    where timezone <> 'UTC' and rollup_rebuilt_until is null`.execute(db);
}
