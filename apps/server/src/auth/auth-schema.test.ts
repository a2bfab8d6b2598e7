import { getMigrations } from 'better-auth/db/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { createTestApp, dialects, type TestApp } from '../test/test-app';

/** Our hand-written auth migrations must leave better-auth nothing to create or add. */
describe.each(dialects)('auth tables on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('match what better-auth expects', async () => {
    const database = openDatabase(t.config.database);
    try {
      const options = {
        database: { db: database.db, type: database.dialect },
        emailAndPassword: { enabled: true },
        rateLimit: { enabled: true, storage: 'database' as const },
      };
      const { toBeCreated, toBeAdded } = await getMigrations(options);
      expect(toBeCreated.map((t) => t.table)).toEqual([]);
      expect(toBeAdded.map((t) => `${t.table}: ${Object.keys(t.fields).join(',')}`)).toEqual([]);
    } finally {
      await database.destroy();
    }
  });
});
