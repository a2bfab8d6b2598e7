import { HOUR_MS } from '@ocx/core';
import { type Kysely, sql } from 'kysely';

/**
 * Migration 0036: exit pages from the session rollups (issue 27), filled from the events already
 * stored. dash_session gains each session's last pageview's path and time (exit_path, exit_ts)
 * and its pageviews; dash_value_visitor gets the exit_page rows (per value and visitor, the latest
 * start of the visitor's sessions with that exit) and dash_session_hour the sessions' pageviews per
 * exit and UTC hour of their start, as migration 0033 did for the other session values.
 */
export async function addExitPages(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dash_session add column exit_path text`.execute(db);
  await sql`alter table dash_session add column exit_ts bigint`.execute(db);
  await sql`alter table dash_session add column pageviews integer not null default 0`.execute(db);
  // Equal instants: the pageview stored last is the exit, as the raw read orders (ts, id) descending.
  await sql`create table exit_page_fill as
    select website_id, session_id, path as exit_path, ts as exit_ts, pageviews from (
      select website_id, session_id, path, ts,
        row_number() over (partition by website_id, session_id order by ts desc, id desc) as n,
        count(*) over (partition by website_id, session_id) as pageviews
      from event where type = 'pageview'
    ) last_views where n = 1`.execute(db);
  await sql`create unique index exit_page_fill_idx on exit_page_fill (website_id, session_id)`.execute(db);
  await sql`update dash_session set exit_path = f.exit_path, exit_ts = f.exit_ts, pageviews = f.pageviews
    from exit_page_fill f
    where f.website_id = dash_session.website_id and f.session_id = dash_session.session_id`.execute(db);
  await sql`drop table exit_page_fill`.execute(db);
  await sql`insert into dash_value_visitor (website_id, dimension, value, visitor_id, last_seen)
    select website_id, 'exit_page', exit_path, visitor_id, max(started) from dash_session
    where exit_path is not null group by website_id, exit_path, visitor_id`.execute(db);
  await sql`insert into dash_session_hour (website_id, dimension, hour, value, pageviews)
    select website_id, 'exit_page', hour, exit_path, sum(pageviews) from (
      select distinct website_id, session_id, started - started % ${sql.lit(HOUR_MS)} as hour, exit_path, pageviews
      from dash_session where exit_path is not null and pageviews > 0
    ) sessions group by website_id, hour, exit_path`.execute(db);
}
