import { type Kysely, sql } from 'kysely';

/**
 * Migration 0038, with the events in ClickHouse: which of ClickHouse's events the SQL side has
 * derived. Each commit inserts its events into ClickHouse with a commit id and records that id in
 * `clickhouse_commit` in its SQL transaction, so an insert whose transaction then rolled back (its
 * answer lost, say) leaves events whose commit id is not here. A retry derives them and records them
 * one by one in `clickhouse_adopted_event` (storage/clickhouse/event-store.clickhouse.ts). No
 * foreign key, as the event tables: the event store deletes a website's rows itself.
 */
export async function createClickHouseCommits(db: Kysely<unknown>): Promise<void> {
  await sql`create table clickhouse_commit (
    website_id text not null,
    commit_id text not null,
    primary key (website_id, commit_id)
  )`.execute(db);
  await sql`create table clickhouse_adopted_event (
    website_id text not null,
    event_id text not null,
    primary key (website_id, event_id)
  )`.execute(db);
}
