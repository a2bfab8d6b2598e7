import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_CACHE_MB } from './database';

/** A file with table t, opened by the app's way and by a second raw connection that never waits. */
async function twoConnections() {
  const file = join(mkdtempSync(join(tmpdir(), 'ocx-db-')), 'ocx.sqlite');
  const database = openDatabase({ dialect: 'sqlite', file });
  await sql`create table t (n integer)`.execute(database.db);
  const other = new SqliteDatabase(file);
  other.pragma('busy_timeout = 0');
  return {
    database,
    other,
    async close() {
      other.close();
      await database.destroy();
    },
  };
}

describe('SQLite page cache', () => {
  it('is sized per connection by what it does (the writer large, the auth thread small)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ocx-db-')), 'ocx.sqlite');
    const sizes: unknown[] = [];
    for (const sqliteCacheMb of [undefined, SQLITE_CACHE_MB.writer, SQLITE_CACHE_MB.auth]) {
      const database = openDatabase({ dialect: 'sqlite', file }, { sqliteCacheMb });
      sizes.push(database.sqlite?.pragma('cache_size', { simple: true }));
      await database.destroy();
    }
    // Negative cache_size is KiB: the HTTP thread's default, the writer's, the auth thread's.
    expect(sizes).toEqual([
      -SQLITE_CACHE_MB.http * 1024,
      -SQLITE_CACHE_MB.writer * 1024,
      -SQLITE_CACHE_MB.auth * 1024,
    ]);
    expect(SQLITE_CACHE_MB.writer).toBeGreaterThan(SQLITE_CACHE_MB.http);
  });
});

describe('SQLite transactions', () => {
  it('take the write lock at begin, so another connection waits instead of racing a read-then-write', async () => {
    const { database, other, close } = await twoConnections();
    try {
      await database.db.transaction().execute(async (trx) => {
        await sql`select count(*) from t`.execute(trx);
        // A deferred transaction would only hold a read snapshot here and let this write through.
        expect(() => other.prepare('insert into t (n) values (1)').run()).toThrow(/locked|busy/i);
        await sql`insert into t (n) values (2)`.execute(trx);
      });
      other.prepare('insert into t (n) values (3)').run();
      const rows = await sql<{ n: number }>`select n from t order by n`.execute(database.db);
      expect(rows.rows.map((r) => r.n)).toEqual([2, 3]);
    } finally {
      await close();
    }
  });
});

describe('SQLite busy file', () => {
  it("a statement waits for another connection's write lock without blocking the thread, then runs", async () => {
    const { database, other, close } = await twoConnections();
    try {
      other.exec('begin immediate; insert into t (n) values (1)');
      const write = sql`insert into t (n) values (2)`.execute(database.db);
      // The thread stays free while the write waits: a timer fires, and only then the lock goes.
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(await Promise.race([write.then(() => 'written'), Promise.resolve('waiting')])).toBe('waiting');
      other.exec('commit');
      await write;
      const rows = await sql<{ n: number }>`select n from t order by n`.execute(database.db);
      expect(rows.rows.map((r) => r.n)).toEqual([1, 2]);
    } finally {
      await close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL introspection', () => {
  it("reads only the search path's schemas, so other suites dropping theirs cannot break migrations", async () => {
    const { createTestDatabase } = await import('../test/test-database');
    const mine = await createTestDatabase('postgres');
    const other = await createTestDatabase('postgres');
    try {
      const tables = await mine.database.db.introspection.getTables({ withInternalKyselyTables: true });
      const schemas = new Set(tables.map((t) => t.schema));
      expect([...schemas]).toEqual([mine.database.schema]);
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['website', 'kysely_migration']));
      expect(tables.find((t) => t.name === 'website')?.columns.map((c) => c.name)).toContain('root_domain');
      const withoutInternal = await mine.database.db.introspection.getTables();
      expect(withoutInternal.map((t) => t.name)).not.toContain('kysely_migration');
    } finally {
      await other.close();
      await mine.close();
    }
  });
});
