import { createTestDatabase, dialects } from '../../test/test-database';
import { SqlEventStore } from '../events/event-store.sql';
import { describeLogContract } from './log.contract';
import { SqlLogRepository } from './log.sql';

for (const dialect of dialects) {
  describeLogContract(dialect, async () => {
    const { database, close } = await createTestDatabase(dialect);
    return {
      logs: new SqlLogRepository(database.db),
      store: new SqlEventStore(database.db, database.dialect),
      database,
      settle: async () => {},
      close,
    };
  });
}
