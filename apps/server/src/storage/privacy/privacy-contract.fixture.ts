import type { ClickHouseClient } from '@clickhouse/client';
import type { EventStore } from '@ocx/core';
import type { Database } from '../../db/database';
import { createTestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { createTestDatabase, type TestDialect } from '../../test/test-database';
import { ClickHouseEventStore } from '../events/event-store.clickhouse';
import { SqlEventStore } from '../events/event-store.sql';

/**
 * One backend's stores for the privacy contracts: the SQL database, and the event store that seeds
 * the rows as collect does (its commit). `clickhouse` is set when the raw events live there.
 */
export interface PrivacyStores {
  database: Database;
  events: EventStore;
  clickhouse: ClickHouseClient | null;
  close(): Promise<void>;
}

/** A contract's subject: the repository variant under test, on the stores it reads. */
export type PrivacySubject<R> = PrivacyStores & { repository: R };

/** Everything in a fresh SQL database. */
export async function sqlStores(dialect: TestDialect): Promise<PrivacyStores> {
  const { database, close } = await createTestDatabase(dialect);
  return { database, events: new SqlEventStore(database.db, database.dialect), clickhouse: null, close };
}

/** The raw events in a fresh ClickHouse database, the rest in a fresh SQLite file. */
export async function clickHouseStores(): Promise<PrivacyStores & { clickhouse: ClickHouseClient }> {
  const { database, close } = await createTestDatabase('sqlite');
  const clickhouse = await createTestClickHouse();
  return {
    database,
    events: new ClickHouseEventStore(database.db, database.dialect, clickhouse.client),
    clickhouse: clickhouse.client,
    async close() {
      await clickhouse.close();
      await close();
    },
  };
}
