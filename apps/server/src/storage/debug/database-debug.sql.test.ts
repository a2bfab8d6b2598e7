import { createTestDatabase, dialects } from '../../test/test-database';
import { SqlEventStore } from '../events/event-store.sql';
import { describeDatabaseDebugContract } from './database-debug.contract';
import { SqlDatabaseDebugRepository } from './database-debug.sql';

for (const dialect of dialects)
  describeDatabaseDebugContract(dialect, async () => {
    const { database, close } = await createTestDatabase(dialect);
    return {
      debug: new SqlDatabaseDebugRepository(database.db),
      events: new SqlEventStore(database.db, database.dialect),
      database,
      close,
    };
  });
