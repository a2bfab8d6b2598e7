import { createTestDatabase, dialects } from '../../test/test-database';
import { SqlEventStore } from '../events/event-store.sql';
import { describeFilteredDashboardContract } from './dashboard-filtered.contract';
import { SqlFilteredDashboardRepository } from './dashboard-filtered.sql';

for (const dialect of dialects)
  describeFilteredDashboardContract(dialect, async () => {
    const { database, close } = await createTestDatabase(dialect);
    return {
      filtered: new SqlFilteredDashboardRepository(database.db),
      events: new SqlEventStore(database.db, database.dialect),
      settle: async () => {},
      close,
    };
  });
