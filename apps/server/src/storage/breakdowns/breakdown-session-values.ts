import {
  DAY_MS,
  SESSION_HOUR_MS,
  SESSION_LONG_MS,
  SESSION_SEEN_STEP_MS,
  type SessionBreakdown,
  sessionHourOf,
} from '@ocx/core';
import { type Kysely, sql } from 'kysely';
import { type Dialect, perDialect } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { convertedVisitors, sessionValue } from '../sql/event-filters';
import type { SessionSource } from './breakdown.repository';
import { since, valueList, visitorsPerValue } from './breakdown-value-counts';
import type { CountedSql } from './breakdown-visitor-values';

/** The first whole hour of the session rollups at or after `from`. */
const sessionHoursFrom = (from: number) =>
  sessionHourOf(from) === from ? from : sessionHourOf(from) + SESSION_HOUR_MS;

/**
 * An unfiltered breakdown by a session value (entry and exit pages, sources) without a pass over
 * the events in range, the same rows as SqlBreakdownRepository.rows (tested so). A session's value
 * there is its first (or for the exit page last) in-range event's; for sessions started at or
 * after `hours` (the first whole hour from `from`) that is the session's own, kept in the rollups
 * (migrations 0033, 0036): visitors from dash_value_visitor (latest start of a visitor's sessions
 * with the value), pageviews from dash_session_hour up to the first whole UTC day and
 * dash_session_day from there (migration 0037). The few sessions started before `hours` and seen
 * since `from − step` are counted from their events in range, as the raw breakdown does; a visitor
 * they add counts only where the rollups did not count them already.
 */
export async function sessionValueRows(
  db: Kysely<DB>,
  dialect: Dialect,
  q: { websiteId: string; from: number },
  dimension: SessionBreakdown,
  source: SessionSource,
  page: { limit: number; offset: number },
): Promise<CountedSql[]> {
  const { websiteId, from } = q;
  const hours = sessionHoursFrom(from);
  // Pageviews: the hours before the first whole UTC day, then its days (dash_session_day).
  const wholeDays = Math.ceil(hours / DAY_MS) * DAY_MS;
  const column = source.column === 'path' ? sql`` : sql`, ${sql.ref(source.column)}`;
  const rollup = sql`website_id = ${websiteId} and dimension = ${dimension}`;
  // SQLite would scan the whole index for each converted visitor; CROSS JOIN keeps them outside.
  const convertedFirst = perDialect(dialect, { sqlite: sql`cross join`, postgres: sql`join` });
  const counted = sql`exists (select 1 from dash_value_visitor r where r.website_id = ${websiteId}
    and r.dimension = ${dimension} and r.visitor_id = edge.visitor_id and r.value = edge.value
    and r.last_seen >= ${hours})`;
  // `near`: rows, not sessions (one per visitor in a session): those started shortly before `hours`
  // (dash_session_started_idx), and the long ones started earlier (dash_session_long_idx, whose
  // condition the query repeats word for word so both stores use it).
  const long = sql`last_seen - started >= ${sql.lit(SESSION_LONG_MS)}`;
  const result = await sql<CountedSql>`with recursive converted as (${convertedVisitors(q)}),
    ${valueList(websiteId, dimension)},
    near as (
      select session_id, last_seen from dash_session
      where website_id = ${websiteId} and started >= ${from - SESSION_LONG_MS} and started < ${hours}
        and last_seen >= ${from - SESSION_SEEN_STEP_MS}
      union all
      select session_id, last_seen from dash_session
      where website_id = ${websiteId} and ${long} and started < ${from - SESSION_LONG_MS}
        and last_seen >= ${from - SESSION_SEEN_STEP_MS}
    ),
    near_events as (
      select id, session_id, visitor_id, type, ts, path${column} from event
      where website_id = ${websiteId} and ts >= ${from}
        and ts < (select coalesce(max(last_seen), 0) from near) + ${SESSION_SEEN_STEP_MS}
        and session_id in (select session_id from near)
    ),
    edge as (
      select value, visitor_id, sum(pageviews) as pageviews from (
        select visitor_id, case when type = 'pageview' then 1 else 0 end as pageviews,
          ${sessionValue(source.column, source.pick)} as value
        from near_events
      ) valued where value is not null group by value, visitor_id
    ),
    counted as (
      ${visitorsPerValue(websiteId, dimension, hours)}
      union all
      select v.value, 0, 0, count(*) from converted c
      ${convertedFirst} dash_value_visitor v on v.website_id = ${websiteId} and v.dimension = ${dimension}
        and v.visitor_id = c.visitor_id
      where 1 = 1${since(sql`v.last_seen`, hours)} group by v.value
      union all
      select value, 0, sum(pageviews), 0 from dash_session_hour where ${rollup} and hour >= ${hours}
        and hour < ${wholeDays} group by value
      union all
      select value, 0, sum(pageviews), 0 from dash_session_day where ${rollup}${since(sql`day`, wholeDays)}
      group by value
      union all
      select value, case when ${counted} then 0 else 1 end, pageviews,
        case when visitor_id in (select visitor_id from converted) and not ${counted} then 1 else 0 end
      from edge
    )
    select value, sum(visitors) as visitors, sum(pageviews) as pageviews, sum(conversions) as conversions,
      count(*) over () as total
    from counted
    group by value
    having sum(visitors) > 0
    order by visitors desc, pageviews desc, value
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return result.rows;
}
