import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openSqliteConnection } from './database';
import { SqliteCheckpointer } from './sqlite-checkpointer';

const log = { warn: vi.fn() };

function fill(file: string) {
  const connection = openSqliteConnection(file);
  connection.exec('create table t (v text)');
  return connection;
}

const write = (connection: ReturnType<typeof fill>) =>
  connection.transaction(() => {
    const insert = connection.prepare('insert into t (v) values (?)');
    for (let i = 0; i < 4000; i++) insert.run('x'.repeat(1000));
  })();

describe('SqliteCheckpointer', () => {
  it('moves committed pages from the WAL into the database file off the writing thread', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ocx-ckpt-')), 'ocx.sqlite');
    const connection = fill(file);
    const checkpointer = new SqliteCheckpointer(connection, file, log, 20);
    expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    write(connection);
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(4_000_000), { timeout: 5000 });
    await checkpointer.stop();
    connection.close();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('without it, the writer alone leaves those pages in the WAL (automatic checkpoints are off)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ocx-ckpt-')), 'ocx.sqlite');
    const connection = fill(file);
    connection.pragma('wal_autocheckpoint = 0');
    write(connection);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(statSync(file).size).toBeLessThan(1_000_000);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(4_000_000);
    connection.close();
  });
});
