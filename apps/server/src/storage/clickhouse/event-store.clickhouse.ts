import type { ClickHouseClient } from '@clickhouse/client';
import type { IngestEvent, StoredEvent } from '@ocx/core';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Dialect } from '../sql/dialect';
import { storedEventFrom } from '../sql/event-rows';
import { SqlEventStore } from '../sql/event-store.sql';
import { clickHouseEventRow, type StoredEventRow, storedEventColumns } from './event-rows.clickhouse';

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
 */
export class ClickHouseEventStore extends SqlEventStore {
  constructor(
    db: Kysely<DB>,
    dialect: Dialect,
    private readonly clickhouse: ClickHouseClient,
  ) {
    super(db, dialect);
  }

  /** Session breakdowns count ClickHouse's events (ClickHouseBreakdownRepository.sessionRows). */
  protected override readonly keepsSessionRollups = false;

  protected override async insertFreshEvents(
    _trx: Transaction<DB>,
    websiteId: string,
    events: IngestEvent[],
  ): Promise<IngestEvent[]> {
    const known = new Set<string>();
    const ids = events.map((e) => e.eventId);
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      const result = await this.clickhouse.query({
        query:
          'SELECT event_id FROM events WHERE website_id = {w:String} AND event_id IN {ids:Array(String)}',
        query_params: { w: websiteId, ids: ids.slice(i, i + ID_CHUNK) },
        format: 'JSONEachRow',
      });
      for (const row of await result.json<{ event_id: string }>()) known.add(row.event_id);
    }
    return events.filter((e) => !known.has(e.eventId));
  }

  protected override async afterDerived(
    _trx: Transaction<DB>,
    _websiteId: string,
    fresh: IngestEvent[],
  ): Promise<void> {
    await this.clickhouse.insert({
      table: 'events',
      values: fresh.map(clickHouseEventRow),
      format: 'JSONEachRow',
    });
  }

  override async recentEvents(websiteId: string, limit: number): Promise<StoredEvent[]> {
    const result = await this.clickhouse.query({
      query: `SELECT ${storedEventColumns} FROM events WHERE website_id = {w:String}
        ORDER BY ts DESC, id DESC LIMIT {limit:UInt32}`,
      query_params: { w: websiteId, limit },
      format: 'JSONEachRow',
    });
    return (await result.json<StoredEventRow>()).map(storedEventFrom);
  }

  override async deleteWebsite(websiteId: string): Promise<void> {
    // ClickHouse first: should the SQL delete then fail, a retry finds nothing left there to miss.
    await this.clickhouse.command({
      query: 'DELETE FROM events WHERE website_id = {w:String}',
      query_params: { w: websiteId },
    });
    await super.deleteWebsite(websiteId);
  }

  override async close(): Promise<void> {
    await this.clickhouse.close();
  }
}
