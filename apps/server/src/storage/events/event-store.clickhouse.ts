import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { ClickHouseClient } from '@clickhouse/client';
import type { CampaignTotals, CommitResult, EventStore, IngestEvent, StoredEvent } from '@ocx/core';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { chRows, inWebsite } from '../clickhouse/clickhouse-query';
import { clickHouseEventRow, type StoredEventRow, storedEventColumns } from './event-rows.clickhouse';
import { storedEventFrom } from './event-rows.sql';
import { chunks, SqlEventStore } from './event-store.sql';

/**
 * Event ids asked about per query: an Array(String) parameter travels in the URL, and 1,000 ids
 * stay far below ClickHouse's http_max_uri_size (1 MiB).
 */
const ID_CHUNK = 1000;

/**
 * The event store with the events in ClickHouse (`CLICKHOUSE_URL`) and everything that changes after
 * it is written — sessions, clicks, conversions, identities, credits, the dashboard rollups — in the
 * SQL database with the metadata, derived exactly as SqlEventStore derives it.
 *
 * A commit runs the SQL transaction as before and, per website, under that website's turn (a
 * PostgreSQL advisory lock): asks ClickHouse which event ids it already holds, derives the rest, and
 * inserts them into ClickHouse as the last step before the SQL commit. A failed insert rolls the SQL
 * work back (the tracker retries); a later writer of the same website waits for the turn and then
 * sees the rows, so a retried event id is stored and derived once.
 *
 * An insert ClickHouse stored whose SQL transaction still rolled back (its answer lost, or the SQL
 * commit failed) leaves events in ClickHouse that nothing derived: orphans. So each commit records
 * its id in `clickhouse_pending_commit` before its transaction, inserts its events under that id,
 * and deletes the record in the transaction. An event held under a commit still recorded as pending
 * (once the website's turn is ours, that commit is over) is an orphan: the retry derives it as
 * fresh, records it in `clickhouse_adopted_event` and does not insert it again.
 */
export class ClickHouseEventStore implements EventStore {
  /** Derives what the events make in the SQL database, with the raw events kept here (freshEvents, insertEvents). */
  private readonly sql: SqlEventStore;

  /** The id of the commit under way in this async context (`commit`). */
  private readonly commitId = new AsyncLocalStorage<string>();

  /**
   * The orphans among the fresh events freshEvents returned, by that very array (insertEvents
   * receives it): they are in ClickHouse already.
   */
  private readonly orphansOf = new WeakMap<IngestEvent[], Set<string>>();

  constructor(
    private readonly db: Kysely<DB>,
    dialect: Dialect,
    private readonly clickhouse: ClickHouseClient,
  ) {
    this.sql = new SqlEventStore(db, dialect, {
      // Session breakdowns count ClickHouse's events (ClickHouseBreakdownRepository.sessionRows).
      keepsSessionRollups: false,
      fresh: (trx, websiteId, events) => this.freshEvents(trx, websiteId, events),
      store: (trx, websiteId, fresh) => this.insertEvents(trx, websiteId, fresh),
    });
  }

  async commit(events: IngestEvent[]): Promise<CommitResult> {
    const commitId = randomUUID();
    // Outside the transaction, so that it stays if the transaction rolls back.
    await this.db
      .insertInto('clickhouse_pending_commit')
      .values({ commit_id: commitId, started_at: Date.now() })
      .execute();
    const result = await this.commitId.run(commitId, () => this.sql.commit(events));
    // Nothing was inserted into ClickHouse (all duplicates), so no transaction deleted the record.
    if (result.inserted === 0) await this.forgetPending(commitId);
    return result;
  }

  private async forgetPending(commitId: string, trx: Kysely<DB> = this.db): Promise<void> {
    await trx.deleteFrom('clickhouse_pending_commit').where('commit_id', '=', commitId).execute();
  }

  /** The events ClickHouse does not hold yet, and the orphans it holds (see the class comment). */
  private async freshEvents(
    trx: Transaction<DB>,
    websiteId: string,
    events: IngestEvent[],
  ): Promise<IngestEvent[]> {
    const held = await this.heldCommits(
      websiteId,
      events.map((e) => e.eventId),
    );
    const orphans = await this.orphans(trx, websiteId, held);
    const fresh = events.filter((e) => !held.has(e.eventId) || orphans.has(e.eventId));
    if (orphans.size > 0) this.orphansOf.set(fresh, orphans);
    return fresh;
  }

  /** The commit id of each of `ids` ClickHouse holds for the website. */
  private async heldCommits(websiteId: string, ids: string[]): Promise<Map<string, string>> {
    const held = new Map<string, string>();
    for (const chunk of chunks(ids, ID_CHUNK)) {
      const rows = await chRows<{ event_id: string; commit_id: string }>(
        this.clickhouse,
        `SELECT event_id, commit_id FROM events WHERE ${inWebsite()} AND event_id IN {ids:Array(String)}`,
        { w: websiteId, ids: chunk },
      );
      for (const row of rows) held.set(row.event_id, row.commit_id);
    }
    return held;
  }

  /**
   * The held events nothing derived: their commit is still recorded as pending (it rolled back) and
   * no retry has adopted them. '' is an event stored before commits had ids (migration 0005).
   */
  private async orphans(
    trx: Transaction<DB>,
    websiteId: string,
    held: Map<string, string>,
  ): Promise<Set<string>> {
    const commitIds = [...new Set(held.values())].filter((id) => id !== '');
    const pending = new Set<string>();
    for (const chunk of chunks(commitIds)) {
      const rows = await trx
        .selectFrom('clickhouse_pending_commit')
        .select('commit_id')
        .where('commit_id', 'in', chunk)
        .execute();
      for (const row of rows) pending.add(row.commit_id);
    }
    const candidates = [...held].filter(([, commit]) => pending.has(commit)).map(([id]) => id);
    const orphans = new Set(candidates);
    for (const chunk of chunks(candidates)) {
      const adopted = await trx
        .selectFrom('clickhouse_adopted_event')
        .select('event_id')
        .where('website_id', '=', websiteId)
        .where('event_id', 'in', chunk)
        .execute();
      for (const row of adopted) orphans.delete(row.event_id);
    }
    return orphans;
  }

  /**
   * The last step of a website's part of the commit: its record goes, the orphans are adopted and
   * the other fresh events inserted into ClickHouse (a failure rolls the SQL transaction back).
   */
  private async insertEvents(trx: Transaction<DB>, websiteId: string, fresh: IngestEvent[]): Promise<void> {
    const commitId = this.commitId.getStore();
    if (commitId === undefined) throw new Error('ClickHouseEventStore: insertEvents outside commit()');
    const orphans = this.orphansOf.get(fresh) ?? new Set<string>();
    await this.forgetPending(commitId, trx);
    for (const chunk of chunks([...orphans])) {
      await trx
        .insertInto('clickhouse_adopted_event')
        .values(chunk.map((eventId) => ({ website_id: websiteId, event_id: eventId })))
        .execute();
    }
    const toInsert = fresh.filter((e) => !orphans.has(e.eventId));
    if (toInsert.length === 0) return;
    await this.clickhouse.insert({
      table: 'events',
      values: toInsert.map((e) => ({ ...clickHouseEventRow(e), commit_id: commitId })),
      format: 'JSONEachRow',
    });
  }

  /**
   * Deletes the records of commits that began before `before` and left nothing in ClickHouse (it was
   * down, say): nothing of theirs can turn up as an orphan. A record whose commit did leave events
   * there stays, so that a late retry of those events still derives them. Answers how many went.
   */
  async sweepPending(before: number): Promise<number> {
    let swept = 0;
    let after = '';
    for (;;) {
      const page = await this.db
        .selectFrom('clickhouse_pending_commit')
        .select('commit_id')
        .where('started_at', '<', before)
        .where('commit_id', '>', after)
        .orderBy('commit_id')
        .limit(ID_CHUNK)
        .execute();
      if (page.length === 0) return swept;
      const ids = page.map((r) => r.commit_id);
      after = ids.at(-1) as string;
      const rows = await chRows<{ commit_id: string }>(
        this.clickhouse,
        'SELECT DISTINCT commit_id FROM events WHERE commit_id IN {ids:Array(String)}',
        { ids },
      );
      const held = new Set(rows.map((r) => r.commit_id));
      const gone = ids.filter((id) => !held.has(id));
      if (gone.length > 0)
        await this.db.deleteFrom('clickhouse_pending_commit').where('commit_id', 'in', gone).execute();
      swept += gone.length;
    }
  }

  async recentEvents(websiteId: string, limit: number): Promise<StoredEvent[]> {
    const rows = await chRows<StoredEventRow>(
      this.clickhouse,
      `SELECT ${storedEventColumns} FROM events WHERE ${inWebsite()} ORDER BY ts DESC, id DESC LIMIT {limit:UInt32}`,
      { w: websiteId, limit },
    );
    return rows.map(storedEventFrom);
  }

  /** Clicks live in the SQL database. */
  campaignTotals(websiteId: string): Promise<CampaignTotals[]> {
    return this.sql.campaignTotals(websiteId);
  }

  async deleteWebsite(websiteId: string): Promise<void> {
    // ClickHouse first: should the SQL delete then fail, a retry finds nothing left there to miss.
    await this.clickhouse.command({
      query: `DELETE FROM events WHERE ${inWebsite()}`,
      query_params: { w: websiteId },
    });
    await this.db.deleteFrom('clickhouse_adopted_event').where('website_id', '=', websiteId).execute();
    await this.sql.deleteWebsite(websiteId);
  }

  /** Everything is derived in the commit's own transaction. */
  settle(): Promise<void> {
    return this.sql.settle();
  }

  pending(): number {
    return this.sql.pending();
  }

  async close(): Promise<void> {
    await this.clickhouse.close();
  }
}
