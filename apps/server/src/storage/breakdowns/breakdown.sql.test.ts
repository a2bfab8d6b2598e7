import type { EventStore } from '@ocx/core';
import { createTestDatabase, dialects } from '../../test/test-database';
import { SqlEventStore } from '../events/event-store.sql';
import { SqliteEventStore } from '../events/event-store.sqlite';
import { describeBreakdownContract } from './breakdown.contract';
import { SqlBreakdownRepository } from './breakdown.sql';

for (const dialect of dialects) {
  describeBreakdownContract(dialect, async () => {
    const { database, close } = await createTestDatabase(dialect);
    // Both rollup writers: SQLite's prepared-statement hot path and the Kysely one PostgreSQL uses.
    const store: EventStore = database.sqlite
      ? new SqliteEventStore(database.db, database.sqlite)
      : new SqlEventStore(database.db, database.dialect);
    return {
      breakdowns: new SqlBreakdownRepository(database.db, database.dialect),
      store,
      database,
      settle: async () => {},
      close,
    };
  });
}
