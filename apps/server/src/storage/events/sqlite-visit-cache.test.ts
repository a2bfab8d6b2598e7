import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../migrations/migrate';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestTarget } from '../../test/test-database';
import { insertWebsites } from '../../test/websites.fixture';
import { SqliteBatchWriter } from './sqlite-batch-writer';

/** A migrated SQLite file; `open()` gives a new connection to it, as a restarted writer would have. */
async function sqliteFile() {
  const target = await createTestTarget('sqlite');
  if (target.database.dialect !== 'sqlite') throw new Error('not a SQLite target');
  const first = openDatabase(target.database);
  await migrateToLatest(first);
  const opened = [first];
  return {
    first,
    open() {
      const database = openDatabase(target.database);
      opened.push(database);
      return database;
    },
    async close() {
      for (const database of opened) await database.destroy();
      await target.drop();
    },
  };
}

const visit = (database: ReturnType<typeof openDatabase>, sessionId: string) =>
  database.sqlite?.prepare('select click_row_id from visit where session_id = ?').pluck().get(sessionId);
const clicks = (database: ReturnType<typeof openDatabase>) =>
  Number(database.sqlite?.prepare('select count(*) from click').pluck().get());

describe('the SQLite writer keeps active visits in memory', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of cleanups) await close();
  });

  it('reads a session from the visit table once, then finds it in memory', async () => {
    const file = await sqliteFile();
    cleanups.push(file.close);
    const sqlite = file.first.sqlite;
    if (!sqlite) throw new Error('no SQLite connection');
    const writer = new SqliteBatchWriter(sqlite);
    writer.commit([[ingestEvent({ eventId: 'a-1', sessionId: 's-1', ts: 1 })]]);
    writer.derive();
    // A new session is looked up once (not in the table yet) and remembered once written.
    expect(writer.visits.stats()).toEqual({ hits: 0, misses: 1, size: 1 });
    writer.commit([[ingestEvent({ eventId: 'a-2', sessionId: 's-1', ts: 2 })]]);
    writer.commit([[ingestEvent({ eventId: 'a-3', sessionId: 's-1', ts: 3 })]]);
    writer.derive();
    expect(writer.visits.stats()).toEqual({ hits: 1, misses: 1, size: 1 });
    // Continuing the session made no new entrance.
    expect(clicks(file.first)).toBe(1);
  });

  it('keeps at most `max` visits; one that left is read from the table again, the same visit', async () => {
    const file = await sqliteFile();
    cleanups.push(file.close);
    const sqlite = file.first.sqlite;
    if (!sqlite) throw new Error('no SQLite connection');
    const writer = new SqliteBatchWriter(sqlite, { visits: { max: 2 } });
    for (const s of ['s-1', 's-2', 's-3'])
      writer.commit([[ingestEvent({ eventId: `${s}-land`, sessionId: s, ts: 1 })]]);
    writer.derive();
    expect(writer.visits.stats()).toMatchObject({ misses: 3, size: 2 });
    const entrance = visit(file.first, 's-1');
    // s-1 was used least lately: it left, and the table gives it back.
    writer.commit([[ingestEvent({ eventId: 's-1-page', sessionId: 's-1', ts: 2, path: '/p' })]]);
    writer.derive();
    expect(writer.visits.stats()).toMatchObject({ hits: 0, misses: 4, size: 2 });
    expect(visit(file.first, 's-1')).toBe(entrance);
    expect(clicks(file.first)).toBe(3);
  });

  it('after a restart rebuilds from the table: a session continued there keeps its visit', async () => {
    const file = await sqliteFile();
    cleanups.push(file.close);
    const before = file.first.sqlite;
    if (!before) throw new Error('no SQLite connection');
    const writer = new SqliteBatchWriter(before);
    writer.commit([[ingestEvent({ eventId: 'r-1', sessionId: 's-1', ts: 1 })]]);
    writer.derive();
    // Stored but not derived before the "crash".
    writer.commit([[ingestEvent({ eventId: 'r-2', sessionId: 's-1', ts: 2 })]]);
    const entrance = visit(file.first, 's-1');

    const reopened = file.open();
    if (!reopened.sqlite) throw new Error('no SQLite connection');
    const restarted = new SqliteBatchWriter(reopened.sqlite);
    expect(restarted.pending()).toBe(1);
    expect(restarted.derive()).toEqual({ events: 1, clicks: 0, conversions: 0 });
    expect(restarted.visits.stats()).toEqual({ hits: 0, misses: 1, size: 1 });
    expect(visit(reopened, 's-1')).toBe(entrance);
    expect(clicks(reopened)).toBe(1);
  });

  it("forgets what it kept once a visitor's data is erased elsewhere: the session starts afresh", async () => {
    const file = await sqliteFile();
    cleanups.push(file.close);
    const sqlite = file.first.sqlite;
    if (!sqlite) throw new Error('no SQLite connection');
    const writer = new SqliteBatchWriter(sqlite);
    writer.commit([[ingestEvent({ eventId: 'x-1', sessionId: 's-1', ts: 1 })]]);
    writer.derive();
    expect(writer.visits.stats().size).toBe(1);
    // The erasure (privacy/visitor-data.sql.ts) on another connection: rows gone, a log row made.
    const elsewhere = file.open();
    await insertWebsites(elsewhere, ['site-a']);
    const other = elsewhere.sqlite;
    if (!other) throw new Error('no SQLite connection');
    other.exec("delete from visit; delete from click; delete from event where event_id = 'x-1'");
    other.exec(`insert into visitor_erasure (id, website_id, erased_by, erased_at, counts)
      values ('erasure-1', 'site-a', 'api-key', '2026-01-01', '{}')`);
    writer.commit([[ingestEvent({ eventId: 'x-2', sessionId: 's-1', ts: 2 })]]);
    writer.derive();
    // Read again from the table (nothing there): a new entrance, not the erased visit continued.
    expect(writer.visits.stats()).toMatchObject({ misses: 2 });
    expect(clicks(file.first)).toBe(1);
    expect(visit(file.first, 's-1')).toBeTruthy();
  });
});
