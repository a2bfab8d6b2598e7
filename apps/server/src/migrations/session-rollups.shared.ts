import { HOUR_MS } from '@ocx/core';
import { type Kysely, sql } from 'kysely';
import { type Dialect, withoutRowid } from '../db/dialect';

/**
 * The session breakdowns and the dash_session column each reads (core SESSION_BREAKDOWNS), as
 * the migration's own copy: a later change of the list must not change what this migration wrote.
 */
const SESSION_COLUMNS = [
  ['referrer', 'referrer_domain'],
  ['channel', 'channel'],
  ['utm_source', 'utm_source'],
  ['utm_medium', 'utm_medium'],
  ['utm_campaign', 'utm_campaign'],
  ['utm_term', 'utm_term'],
  ['utm_content', 'utm_content'],
  ['campaign', 'campaign_id'],
  ['entry_page', 'entry'],
] as const;

/**
 * Migration 0033: the session breakdown rollups (issue 27), filled from the events already stored.
 * - `dash_session`: per website, session and visitor with events in it, the session's first
 *   event's sources, its first pageview's path (entry) and when, its start and a last_seen moving
 *   in 30-minute steps (all its events lie before last_seen + 30 minutes).
 * - `dash_value_visitor` rows of the session dimensions: per value and visitor, the latest start of
 *   the visitor's sessions with that value (only known values: these dimensions list no unknown).
 * - `dash_session_hour`: the pageviews of the sessions per value and UTC hour of their start.
 */
export async function createSessionRollups(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`create table dash_session (
    website_id text not null,
    session_id text not null,
    visitor_id text not null,
    started bigint not null,
    last_seen bigint not null,
    referrer_domain text,
    channel text,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    utm_term text,
    utm_content text,
    campaign_id text,
    entry text,
    entry_ts bigint,
    primary key (website_id, session_id, visitor_id)
  )${withoutRowid(dialect)}`.execute(db);
  // The sessions active around a range's start: those started shortly before it, and the few long
  // ones (6 hours or more, core SESSION_LONG_MS) started earlier; a visitor's sessions (recounts, erasure).
  await sql`create index dash_session_started_idx on dash_session (website_id, started)`.execute(db);
  await sql`create index dash_session_long_idx on dash_session (website_id, started)
    where last_seen - started >= 21600000`.execute(db);
  await sql`create index dash_session_visitor_idx on dash_session (website_id, visitor_id)`.execute(db);
  await sql`create table dash_session_hour (
    website_id text not null,
    dimension text not null,
    hour bigint not null,
    value text not null,
    pageviews integer not null,
    primary key (website_id, dimension, hour, value)
  )${withoutRowid(dialect)}`.execute(db);

  const first = sql`partition by website_id, session_id order by ts, id`;
  const entryFirst = sql`partition by website_id, session_id
    order by case when type = 'pageview' then 0 else 1 end, ts, id`;
  const pageview = sql`case when type = 'pageview' then 1 else 0 end`;
  await sql`insert into dash_session (website_id, session_id, visitor_id, started, last_seen, referrer_domain,
      channel, utm_source, utm_medium, utm_campaign, utm_term, utm_content, campaign_id, entry, entry_ts)
    select website_id, session_id, visitor_id, started, last_seen, referrer_domain, channel, utm_source,
      utm_medium, utm_campaign, utm_term, utm_content, campaign_id, entry, entry_ts from (
      select website_id, session_id, visitor_id,
        row_number() over (partition by website_id, session_id, visitor_id order by ts, id) as n,
        first_value(ts) over (${first}) as started,
        max(ts) over (partition by website_id, session_id) as last_seen,
        first_value(referrer_domain) over (${first}) as referrer_domain,
        first_value(channel) over (${first}) as channel,
        first_value(utm_source) over (${first}) as utm_source,
        first_value(utm_medium) over (${first}) as utm_medium,
        first_value(utm_campaign) over (${first}) as utm_campaign,
        first_value(utm_term) over (${first}) as utm_term,
        first_value(utm_content) over (${first}) as utm_content,
        first_value(campaign_id) over (${first}) as campaign_id,
        first_value(case when type = 'pageview' then path end) over (${entryFirst}) as entry,
        first_value(case when type = 'pageview' then ts end) over (${entryFirst}) as entry_ts
      from event
    ) firsts where n = 1`.execute(db);
  const sessionPageviews = sql`(select s.*, coalesce(p.pageviews, 0) as pageviews
    from (select distinct website_id, session_id, started, referrer_domain, channel, utm_source, utm_medium,
      utm_campaign, utm_term, utm_content, campaign_id, entry from dash_session) s
    left join (select website_id, session_id, sum(${pageview}) as pageviews from event
      group by website_id, session_id) p on p.website_id = s.website_id and p.session_id = s.session_id)`;
  for (const [dimension, column] of SESSION_COLUMNS) {
    const value = sql.ref(column);
    await sql`insert into dash_value_visitor (website_id, dimension, value, visitor_id, last_seen)
      select website_id, ${dimension}, ${value}, visitor_id, max(started) from dash_session
      where ${value} is not null group by website_id, ${value}, visitor_id`.execute(db);
    await sql`insert into dash_session_hour (website_id, dimension, hour, value, pageviews)
      select website_id, ${dimension}, hour, v, sum(pageviews) from (
        select website_id, started - started % ${sql.lit(HOUR_MS)} as hour, ${value} as v, pageviews
        from ${sessionPageviews} sp where ${value} is not null and pageviews > 0
      ) h group by website_id, hour, v`.execute(db);
  }
}
