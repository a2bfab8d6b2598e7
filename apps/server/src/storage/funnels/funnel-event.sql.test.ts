import { createTestDatabase, dialects } from '../../test/test-database';
import { SqlEventStore } from '../events/event-store.sql';
import { describeFunnelEventContract } from './funnel-event.contract';
import { SqlFunnelEventRepository } from './funnel-event.sql';

for (const dialect of dialects) {
  describeFunnelEventContract(dialect, async () => {
    const { database, close } = await createTestDatabase(dialect);
    return {
      store: new SqlEventStore(database.db, database.dialect),
      repository: (pageSize) => new SqlFunnelEventRepository(database.db, pageSize),
      close,
    };
  });
}
