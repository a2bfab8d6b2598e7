import { type Kysely, sql } from 'kysely';
import { type Dialect, withoutRowid } from '../db/dialect';

/**
 * Migration 0019: the day rollups follow the website's time zone (docs/definitions.md#time-zone).
 * - `website.rollup_rebuilt_until`: null when the day rollups are keyed by the website's local
 *   days; otherwise a rebuild is under way and the local days before it are done (0: none yet).
 *   Websites outside UTC (none before 0018) start a rebuild; UTC rollups are already right.
 * - `dash_event_day`: every event per UTC day, what quotas count (billing months stay UTC), filled
 *   from dash_day, whose days were UTC until now.
 */
export async function migrateRollupTimeZone(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`alter table website add column rollup_rebuilt_until bigint`.execute(db);
  await sql`update website set rollup_rebuilt_until = 0 where timezone <> 'UTC'`.execute(db);
  await sql`create table dash_event_day (
    website_id text not null,
    day bigint not null,
    events integer not null,
    primary key (website_id, day)
  )${withoutRowid(dialect)}`.execute(db);
  await sql`insert into dash_event_day (website_id, day, events)
    select website_id, day, events from dash_day where events > 0`.execute(db);
}
