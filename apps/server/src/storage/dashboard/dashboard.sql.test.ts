import { createTestDatabase, dialects } from '../../test/test-database';
import { SqlEventStore } from '../events/event-store.sql';
import { SqliteEventStore } from '../events/event-store.sqlite';
import { describeDashboardContract } from './dashboard.contract';
import { SqlDashboardRepository } from './dashboard.sql';

for (const dialect of dialects)
  describeDashboardContract(dialect, async () => {
    const { database, close } = await createTestDatabase(dialect);
    return {
      dashboard: new SqlDashboardRepository(database.db),
      // Both write paths: SQLite's prepared-statement hot path and the Kysely one PostgreSQL uses.
      events: database.sqlite
        ? new SqliteEventStore(database.db, database.sqlite)
        : new SqlEventStore(database.db, database.dialect),
      database,
      close,
    };
  });
