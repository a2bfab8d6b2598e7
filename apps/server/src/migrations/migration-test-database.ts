import { afterEach } from 'vitest';
import { type Database, openDatabase } from '../db/database';
import { createTestTarget, type TestDialect } from '../test/test-database';
import { migrateTo } from './migrate';

/**
 * For a migration test: `databaseAt(name)` gives a fresh database migrated up to (and with) the
 * named migration, dropped after the test with whatever else `onCleanup` was given.
 */
export function migrationDatabases(dialect: TestDialect) {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  const onCleanup = (cleanup: () => Promise<void>) => {
    cleanups.push(cleanup);
  };
  async function databaseAt(name: string): Promise<Database> {
    const target = await createTestTarget(dialect);
    const database = openDatabase(target.database);
    onCleanup(async () => {
      await database.destroy();
      await target.drop();
    });
    await migrateTo(database, name);
    return database;
  }
  return { databaseAt, onCleanup };
}
