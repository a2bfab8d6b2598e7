import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';

describe('SQLite transactions', () => {
  it('take the write lock at begin, so another connection waits instead of racing a read-then-write', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ocx-db-')), 'ocx.sqlite');
    const database = openDatabase({ dialect: 'sqlite', file });
    await sql`create table t (n integer)`.execute(database.db);
    const other = new SqliteDatabase(file);
    other.pragma('busy_timeout = 0');
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
      other.close();
      await database.destroy();
    }
  });
});
