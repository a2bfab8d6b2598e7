import { createTestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { createTestDatabase } from '../../test/test-database';
import { ClickHouseEventStore } from '../events/event-store.clickhouse';
import { ClickHouseRollupRebuildRepository } from './rollup-rebuild.clickhouse';
import { describeRollupRebuildContract } from './rollup-rebuild.contract';

// The raw events in ClickHouse (chDB behind its HTTP front), websites and rollups in SQLite.
describeRollupRebuildContract('clickhouse + sqlite', async () => {
  const { database, close } = await createTestDatabase('sqlite');
  const clickhouse = await createTestClickHouse();
  return {
    rebuilds: new ClickHouseRollupRebuildRepository(database.db, database.dialect, clickhouse.client),
    events: new ClickHouseEventStore(database.db, database.dialect, clickhouse.client),
    database,
    async close() {
      await clickhouse.close();
      await close();
    },
  };
});
