import { type Kysely, sql } from 'kysely';

/**
 * The Event Test's events, apart from the events: no report reads this table, so a test event
 * counts nowhere. `event` is the event as the Event Test lists it (JSON); a website keeps its latest few.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table test_event (
    id integer primary key,
    website_id text not null references website (id) on delete cascade,
    ts bigint not null,
    event text not null
  )`.execute(db);
  await sql`create index test_event_website_idx on test_event (website_id, ts)`.execute(db);
}
