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

describeEventStoreContract('sqlite (writer thread)', async () => {
  const { database, close } = await createTestDatabase('sqlite');
  if (!database.sqliteFile) throw new Error('no SQLite file');
  const store = new SqliteEventStore(database.db, database.sqliteFile);
  return {
    store,
    async close() {
      await store.close();
      await close();
    },
  };
});
