import { type Kysely, sql } from 'kysely';

/**
 * Collect under load stores events first and derives their sessions, clicks, conversions and
 * rollups in batches soon after. An event keeps its goal matches (conversions come from them) and
 * derive_mark names the last event derived, so events stored past it are derived after a restart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table event add column goal_matches text`.execute(db);
  await sql`create table derive_mark (last_event_id bigint not null)`.execute(db);
  await sql`insert into derive_mark (last_event_id) select coalesce(max(id), 0) from event`.execute(db);
}
