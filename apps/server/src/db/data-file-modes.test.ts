import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../test/test-app';
import { openSqliteConnection } from './database';
import { onDialect } from './dialect';

const othersBits = (path: string) => statSync(path).mode & 0o077;

describe('SQLite data files', () => {
  it('are created readable and writable by this user only: the database, its WAL and shared memory', async () => {
    const t = await createTestApp('sqlite');
    try {
      await signUp(t.app); // something is written, so the WAL exists
      const file = onDialect(t.config.database, { sqlite: (d) => d.file, postgres: () => '' });
      for (const path of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(path), path).toBe(true);
        expect(othersBits(path), path).toBe(0);
      }
    } finally {
      await t.close();
    }
  });

  it('tightens a database file an older version left readable by others', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ocx-modes-')), 'ocx.sqlite');
    writeFileSync(file, '', { mode: 0o644 });
    openSqliteConnection(file).close();
    expect(othersBits(file)).toBe(0);
  });
});
