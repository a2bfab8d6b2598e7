import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../migrations/migrate';
import { createTestDatabase, createTestTarget, dialects } from '../../test/test-database';
import { describeEventStoreContract } from './event-store.contract';
import { SqlEventStore } from './event-store.sql';
import { SqliteEventStore } from './event-store.sqlite';
import { SqliteThreadEventStore } from './event-store.sqlite-thread';
import { startEventWriter } from './event-writer.thread';

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

describeEventStoreContract('sqlite (writer thread)', async () => {
  const target = await createTestTarget('sqlite');
  const database = openDatabase(target.database);
  await migrateToLatest(database);
  if (target.database.dialect !== 'sqlite') throw new Error('not a SQLite target');
  const store = new SqliteThreadEventStore(database.db, target.database.file, {
    deferAt: 32,
    startWriter: startEventWriter,
  });
  return {
    store,
    async close() {
      await store.close();
      await database.destroy();
    },
  };
});
