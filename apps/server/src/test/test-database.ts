import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config/app-config';
import { type Database, openDatabase } from '../db/database';
import { migrateToLatest } from '../migrations/migrate';

export type TestDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const dialects: TestDialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestTarget {
  dataDir: string;
  database: AppConfig['database'];
  /** Drops the PostgreSQL schema; the SQLite file lives in a temp dir. */
  drop(): Promise<void>;
}

/** A fresh SQLite file, or a fresh PostgreSQL schema inside TEST_DATABASE_URL. */
export async function createTestTarget(dialect: TestDialect): Promise<TestTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ocx-test-'));
  if (dialect === 'sqlite') {
    return { dataDir, database: { dialect, file: join(dataDir, 'ocx.sqlite') }, drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `ocx_test_${randomBytes(6).toString('hex')}`;
  await withPg(url, (client) => client.query(`create schema ${schema}`));
  return {
    dataDir,
    database: { dialect, url, schema },
    drop: () => withPg(url, (client) => client.query(`drop schema ${schema} cascade`)).then(() => undefined),
  };
}

/** An opened and migrated database for storage tests. */
export async function createTestDatabase(
  dialect: TestDialect,
): Promise<{ database: Database; close(): Promise<void> }> {
  const target = await createTestTarget(dialect);
  const database = openDatabase(target.database);
  await migrateToLatest(database);
  return {
    database,
    async close() {
      await database.destroy();
      await target.drop();
    },
  };
}

async function withPg<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
