import { type Kysely, sql } from 'kysely';

/**
 * Migration 0018: every website gets a time zone (IANA name, docs/definitions.md#time-zone). Existing
 * websites are UTC, the zone every report used so far, so their numbers stay what they were.
 */
export async function addWebsiteTimezone(db: Kysely<unknown>): Promise<void> {
  await sql`alter table website add column timezone text not null default 'UTC'`.execute(db);
}
