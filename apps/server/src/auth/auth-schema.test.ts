import { getMigrations } from 'better-auth/db/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { createTestApp, dialects, type TestApp } from '../test/test-app';
import { authOptions } from './auth';

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
      // The server's own options: every plugin's tables and every added field.
      const options = authOptions({
        db: database.db,
        dialect: database.dialect,
        baseURL: 'http://localhost:3000',
        secret: 'x'.repeat(32),
        rateLimit: 10,
        oauth: { google: null, oidc: null },
        sendMail: () => {},
        revokeApiTokens: async () => 0,
        log: () => {},
      });
      const { toBeCreated, toBeAdded } = await getMigrations(options);
      expect(toBeCreated.map((t) => t.table)).toEqual([]);
      expect(toBeAdded.map((t) => `${t.table}: ${Object.keys(t.fields).join(',')}`)).toEqual([]);
    } finally {
      await database.destroy();
    }
  });
});
