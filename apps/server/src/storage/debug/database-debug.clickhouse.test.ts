import { createTestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { createTestDatabase } from '../../test/test-database';
import { ClickHouseEventStore } from '../events/event-store.clickhouse';
import { ClickHouseDatabaseDebugRepository } from './database-debug.clickhouse';
import { describeDatabaseDebugContract } from './database-debug.contract';

// The raw events in ClickHouse (chDB behind its HTTP front), the rest in SQLite.
describeDatabaseDebugContract('clickhouse + sqlite', async () => {
  const { database, close } = await createTestDatabase('sqlite');
  const clickhouse = await createTestClickHouse();
  return {
    debug: new ClickHouseDatabaseDebugRepository(database.db, clickhouse.client),
    events: new ClickHouseEventStore(database.db, database.dialect, clickhouse.client),
    database,
    async close() {
      await clickhouse.close();
      await close();
    },
  };
});
