import { type Kysely, sql } from 'kysely';
import { type Dialect, urlWithoutQuery } from '../db/dialect';

const DAY = sql.lit(86_400_000);
const dayOf = (column: string) => sql`(${sql.ref(column)} / ${DAY}) * ${DAY}`;

/**
 * Rollups that keep the dashboard fast over millions of events (docs/decisions.md#performance-budgets). The event store writes
 * them in the same transaction as the events; the raw events stay the truth. Days are UTC
 * midnights in epoch ms. Shared by both dialects' 0006 migrations.
 */
export async function createDashboardRollups(db: Kysely<unknown>, dialect: Dialect) {
  await sql`create table dash_day (
    website_id text not null,
    day bigint not null,
    pageviews integer not null,
    visitors integer not null,
    primary key (website_id, day)
  )`.execute(db);
  await sql`create table dash_visitor_day (
    website_id text not null,
    day bigint not null,
    visitor_id text not null,
    primary key (website_id, day, visitor_id)
  )`.execute(db);
  await sql`create table dash_visitor (
    website_id text not null,
    visitor_id text not null,
    last_seen bigint not null,
    primary key (website_id, visitor_id)
  )`.execute(db);
  await sql`create index dash_visitor_seen_idx on dash_visitor (website_id, last_seen)`.execute(db);
  await sql`create table dash_page_day (
    website_id text not null,
    day bigint not null,
    page text not null,
    pageviews integer not null,
    primary key (website_id, day, page)
  )`.execute(db);
  await sql`create table dash_page (
    website_id text not null,
    page text not null,
    path text not null,
    last_seen bigint not null,
    primary key (website_id, page)
  )`.execute(db);
  await sql`create index dash_page_seen_idx on dash_page (website_id, last_seen, path)`.execute(db);
  await sql`create table dash_source_day (
    website_id text not null,
    day bigint not null,
    channel text not null,
    referrer_domain text not null,
    clicks integer not null,
    primary key (website_id, day, channel, referrer_domain)
  )`.execute(db);

  // Existing events: the same figures the store would have written.
  const page = urlWithoutQuery(dialect);
  await sql`insert into dash_visitor_day (website_id, day, visitor_id)
    select distinct website_id, ${dayOf('ts')}, visitor_id from event`.execute(db);
  await sql`insert into dash_visitor (website_id, visitor_id, last_seen)
    select website_id, visitor_id, max(ts) from event group by website_id, visitor_id`.execute(db);
  await sql`insert into dash_day (website_id, day, pageviews, visitors)
    select website_id, day, sum(pageviews), sum(visitors) from (
      select website_id, ${dayOf('ts')} as day, count(*) as pageviews, 0 as visitors
        from event where type = 'pageview' group by website_id, ${dayOf('ts')}
      union all
      select website_id, day, 0, count(*) from dash_visitor_day group by website_id, day
    ) as d group by website_id, day`.execute(db);
  await sql`insert into dash_page_day (website_id, day, page, pageviews)
    select website_id, ${dayOf('ts')}, ${page}, count(*) from event where type = 'pageview'
    group by website_id, ${dayOf('ts')}, ${page}`.execute(db);
  await sql`insert into dash_page (website_id, page, path, last_seen)
    select website_id, ${page}, max(path), max(ts) from event where type = 'pageview'
    group by website_id, ${page}`.execute(db);
  await sql`insert into dash_source_day (website_id, day, channel, referrer_domain, clicks)
    select website_id, ${dayOf('ts')}, channel, coalesce(referrer_domain, ''), count(*) from click
    group by website_id, ${dayOf('ts')}, channel, coalesce(referrer_domain, '')`.execute(db);
}
