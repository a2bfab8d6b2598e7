import { createTestDatabase, dialects } from '../../test/test-database';
import { describeEventStoreContract } from '../event-store.contract';
import { SqlEventStore } from './event-store.sql';

for (const dialect of dialects) {
  describeEventStoreContract(dialect, async () => {
    const { database, close } = await createTestDatabase(dialect);
    return { store: new SqlEventStore(database.db, database.dialect), close };
  });
}
