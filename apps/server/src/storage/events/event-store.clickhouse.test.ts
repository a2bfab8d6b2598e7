import { createTestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { createTestDatabase, dialects } from '../../test/test-database';
import { ClickHouseEventStore } from './event-store.clickhouse';
import { describeEventStoreContract } from './event-store.contract';

// Events in ClickHouse (chDB's engine behind its HTTP front), the rest beside the metadata.
for (const dialect of dialects) {
  describeEventStoreContract(`clickhouse + ${dialect}`, async () => {
    const { database, close } = await createTestDatabase(dialect);
    const clickhouse = await createTestClickHouse();
    const store = new ClickHouseEventStore(database.db, database.dialect, clickhouse.client);
    return {
      store,
      async close() {
        await clickhouse.close();
        await close();
      },
    };
  });
}
