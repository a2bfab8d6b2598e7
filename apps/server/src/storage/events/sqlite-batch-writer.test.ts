import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../db/time-ordered-id';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestDatabase } from '../../test/test-database';
import { SqliteBatchWriter } from './sqlite-batch-writer';

describe('SQLite batch writer beside another connection', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const close of cleanups) await close();
  });

  it('a derivation pass keeps the write lock from its start: a write from elsewhere waits instead of making the pass fail', async () => {
    const { database, close } = await createTestDatabase('sqlite');
    cleanups.push(close);
    if (!database.sqlite) throw new Error('no SQLite connection');
    // The HTTP thread's connection: fails at once when busy (it waits asynchronously, elsewhere).
    const other = new Database(database.sqlite.name);
    other.pragma('busy_timeout = 0');
    other.exec('create table scratch (n integer)');
    cleanups.push(() => {
      other.close();
    });
    const otherWrites: string[] = [];
    let interfere = false;
    // Runs inside the derivation transaction, after it read the visits and before it writes one.
    const makeId = () => {
      if (interfere && otherWrites.length === 0) {
        try {
          other.prepare('insert into scratch (n) values (1)').run();
          otherWrites.push('committed');
        } catch (error) {
          otherWrites.push(error instanceof Error && 'code' in error ? String(error.code) : String(error));
        }
      }
      return timeOrderedId();
    };
    const writer = new SqliteBatchWriter(database.sqlite, { deferAt: 1, makeId });
    writer.commit([[ingestEvent({ eventId: 'e-1', sessionId: 's-1' })]]);
    writer.derive();
    // The next pass reads visit s-1 (its read snapshot begins there) and makes visit s-2.
    interfere = true;
    const ts = 1_800_000_060_000;
    writer.commit([
      [
        ingestEvent({ eventId: 'e-2', sessionId: 's-1', ts }),
        ingestEvent({ eventId: 'e-3', sessionId: 's-2', ts }),
      ],
    ]);
    expect(writer.pending()).toBe(2);

    expect(writer.derive()).toEqual({ events: 2, clicks: 1, conversions: 0 });
    expect(otherWrites).toEqual(['SQLITE_BUSY']);
    expect(writer.pending()).toBe(0);
    const visits = database.sqlite.prepare('select session_id from visit order by session_id').all();
    expect(visits).toEqual([{ session_id: 's-1' }, { session_id: 's-2' }]);
  });
});
