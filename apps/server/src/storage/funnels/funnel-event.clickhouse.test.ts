import { createTestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { createTestDatabase } from '../../test/test-database';
import { ClickHouseEventStore } from '../events/event-store.clickhouse';
import { ClickHouseFunnelEventRepository } from './funnel-event.clickhouse';
import { describeFunnelEventContract } from './funnel-event.contract';

// The events in ClickHouse (chDB), the metadata in SQLite beside it.
describeFunnelEventContract('clickhouse + sqlite', async () => {
  const { database, close } = await createTestDatabase('sqlite');
  const clickhouse = await createTestClickHouse();
  return {
    store: new ClickHouseEventStore(database.db, database.dialect, clickhouse.client),
    repository: (pageSize) => new ClickHouseFunnelEventRepository(clickhouse.client, pageSize),
    async close() {
      await clickhouse.close();
      await close();
    },
  };
});
