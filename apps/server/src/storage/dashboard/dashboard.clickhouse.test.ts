import { createTestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { createTestDatabase } from '../../test/test-database';
import { ClickHouseEventStore } from '../events/event-store.clickhouse';
import { ClickHouseDashboardRepository } from './dashboard.clickhouse';
import { describeDashboardContract } from './dashboard.contract';

// The raw events in ClickHouse (chDB behind its HTTP front); rollups, clicks and conversions in SQLite.
describeDashboardContract('clickhouse + sqlite', async () => {
  const { database, close } = await createTestDatabase('sqlite');
  const clickhouse = await createTestClickHouse();
  return {
    dashboard: new ClickHouseDashboardRepository(database.db, clickhouse.client),
    events: new ClickHouseEventStore(database.db, database.dialect, clickhouse.client),
    database,
    async close() {
      await clickhouse.close();
      await close();
    },
  };
});
