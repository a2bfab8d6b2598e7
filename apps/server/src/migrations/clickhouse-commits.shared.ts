import { type Kysely, sql } from 'kysely';

/**
 * Migration 0038, with the events in ClickHouse: finding the events ClickHouse stored for a commit
 * whose SQL transaction then rolled back (its answer lost, say), which nothing derived
 * (storage/clickhouse/event-store.clickhouse.ts). A commit records its id in
 * `clickhouse_pending_commit` before it starts, inserts its events into ClickHouse under that id,
 * and its transaction deletes the record: a record left behind names a commit that did not happen.
 * A retry derives such events and records them in `clickhouse_adopted_event`. Both stay small: a
 * pending record lives as long as its commit, and only lost events are adopted. No foreign key, as
 * the event tables: the event store deletes a website's rows itself.
 */
export async function createClickHouseCommits(db: Kysely<unknown>): Promise<void> {
  await sql`create table clickhouse_pending_commit (commit_id text primary key)`.execute(db);
  await sql`create table clickhouse_adopted_event (
    website_id text not null,
    event_id text not null,
    primary key (website_id, event_id)
  )`.execute(db);
}

/**
 * Migration 0039: when each pending record was written, so that the records of commits that failed
 * before ClickHouse held anything of theirs can be swept once no retry can still be under way
 * (ClickHouseEventStore.sweepPending). Records written before it count as old.
 */
export async function addPendingCommitStart(db: Kysely<unknown>): Promise<void> {
  await sql`alter table clickhouse_pending_commit add column started_at bigint not null default 0`.execute(
    db,
  );
}
