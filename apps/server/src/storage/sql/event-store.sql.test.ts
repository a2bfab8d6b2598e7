import { createTestDatabase, dialects } from '../../test/test-database';
import { describeEventStoreContract } from '../event-store.contract';
import { SqlEventStore } from './event-store.sql';
import { SqliteEventStore } from './event-store.sqlite';

for (const dialect of dialects) {
  describeEventStoreContract(`${dialect} (Kysely)`, async () => {
    const { database, close } = await createTestDatabase(dialect);
    return { store: new SqlEventStore(database.db, database.dialect), close };
  });
}

describeEventStoreContract('sqlite (prepared statements)', async () => {
  const { database, close } = await createTestDatabase('sqlite');
  if (!database.sqlite) throw new Error('no SQLite connection');
  return { store: new SqliteEventStore(database.db, database.sqlite), close };
});
