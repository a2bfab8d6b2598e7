import { createTestDatabase, dialects } from '../../test/test-database';
import { SqlEventStore } from '../events/event-store.sql';
import { SqliteEventStore } from '../events/event-store.sqlite';
import { describeRollupRebuildContract } from './rollup-rebuild.contract';
import { SqlRollupRebuildRepository } from './rollup-rebuild.sql';

for (const dialect of dialects)
  describeRollupRebuildContract(dialect, async () => {
    const { database, close } = await createTestDatabase(dialect);
    return {
      rebuilds: new SqlRollupRebuildRepository(database.db, database.dialect),
      // SQLite's prepared-statement hot path, PostgreSQL's Kysely one: the stores production uses.
      events: database.sqlite
        ? new SqliteEventStore(database.db, database.sqlite)
        : new SqlEventStore(database.db, database.dialect),
      database,
      close,
    };
  });
