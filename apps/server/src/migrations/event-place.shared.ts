import { type Kysely, sql } from 'kysely';

/**
 * Migration 0032: the region and city of each event (DB-IP Lite's city database, core Place), and
 * their breakdown rollups for the events already stored. Those were located by country only: their
 * rows hold no value (''), as the raw breakdown counts them (unknown). Day rows are filled by UTC
 * day; websites in another zone start a rollup rebuild, which re-keys them (as migration 0027).
 */
export async function addEventPlace(db: Kysely<unknown>): Promise<void> {
  await sql`alter table event add column region text`.execute(db);
  await sql`alter table event add column city text`.execute(db);
  const utcDay = sql`(ts - ts % 86400000)`;
  for (const dimension of ['region', 'city']) {
    await sql`insert into dash_value_visitor (website_id, dimension, value, visitor_id, last_seen)
      select website_id, ${dimension}, '', visitor_id, max(ts) from event
      group by website_id, visitor_id`.execute(db);
    await sql`insert into dash_value_day (website_id, dimension, day, value, pageviews)
      select website_id, ${dimension}, ${utcDay} as d, '', count(*) from event
      where type = 'pageview' group by website_id, d`.execute(db);
  }
  await sql`update website set rollup_rebuilt_until = 0
    where timezone <> 'UTC' and rollup_rebuilt_until is null`.execute(db);
}
