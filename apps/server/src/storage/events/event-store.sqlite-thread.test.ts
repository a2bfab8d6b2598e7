import type { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../migrations/migrate';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestTarget } from '../../test/test-database';
import { SqliteThreadEventStore, type SqliteThreadEventStoreOptions } from './event-store.sqlite-thread';
import { startEventWriter } from './event-writer.thread';
import type { Derived } from './sqlite-batch-writer';

describe('SQLite event store on its writer thread', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of cleanups.reverse()) await close();
  });

  async function open(
    options: Omit<SqliteThreadEventStoreOptions, 'startWriter'> & Partial<SqliteThreadEventStoreOptions>,
  ) {
    const target = await createTestTarget('sqlite');
    if (target.database.dialect !== 'sqlite') throw new Error('not a SQLite target');
    const database = openDatabase(target.database);
    await migrateToLatest(database);
    const store = new SqliteThreadEventStore(database.db, target.database.file, {
      startWriter: startEventWriter,
      ...options,
    });
    cleanups.push(() => database.destroy());
    return { store, db: database.db };
  }

  const count = async (db: Awaited<ReturnType<typeof open>>['db'], table: 'click' | 'conversion') =>
    Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]?.n);

  it('answers once stored, then derives on its own and says so (conversions start the follow-ups)', async () => {
    const notices: Derived[] = [];
    const { store, db } = await open({ deferAt: 1, onDerived: (d) => notices.push(d) });
    cleanups.push(() => store.close());
    const landing = ingestEvent({ websiteId: 'w1', sessionId: 's1', eventId: 'e1', ts: 1 });
    const purchase = ingestEvent({
      websiteId: 'w1',
      sessionId: 's1',
      eventId: 'e2',
      ts: 2,
      type: 'custom',
      name: 'purchase',
      goalMatches: [{ goalId: 'g', goalName: 'Purchase', value: 5, currency: 'USD' }],
    });
    expect(await store.commit([landing, purchase])).toEqual({
      inserted: 2,
      duplicates: 0,
      clicks: 0,
      conversions: 0,
    });
    // Stored and readable from this thread at once.
    expect((await store.recentEvents('w1', 10)).map((e) => e.eventId).sort()).toEqual(['e1', 'e2']);
    for (let i = 0; i < 200 && notices.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(notices).toEqual([{ events: 2, clicks: 1, conversions: 1 }]);
    expect(store.pending()).toBe(0);
    expect(await count(db, 'click')).toBe(1);
    expect(await count(db, 'conversion')).toBe(1);
  });

  it('gives every one of many concurrent commits its own result, a retried event stored once', async () => {
    const { store } = await open({ deferAt: 32 });
    cleanups.push(() => store.close());
    const commits = Array.from({ length: 20 }, (_, i) =>
      store.commit([
        ingestEvent({ websiteId: 'w2', sessionId: `s${i}`, eventId: `e${i}`, ts: i }),
        // Every commit also carries a retry of the first event.
        ingestEvent({ websiteId: 'w2', sessionId: 's0', eventId: 'e0', ts: 0 }),
      ]),
    );
    const results = await Promise.all(commits);
    expect(results.reduce((n, r) => n + r.inserted, 0)).toBe(20);
    expect(results.reduce((n, r) => n + r.duplicates, 0)).toBe(20);
    expect(results[0]).toMatchObject({ inserted: 1, duplicates: 1 });
    await store.settle();
    expect(await store.recentEvents('w2', 100)).toHaveLength(20);
  });

  it('deletes a website on the writer thread, what waited for derivation included', async () => {
    const { store, db } = await open({ deferAt: 1 });
    cleanups.push(() => store.close());
    await store.commit([ingestEvent({ websiteId: 'gone', sessionId: 's', eventId: 'e', ts: 1 })]);
    await store.commit([ingestEvent({ websiteId: 'kept', sessionId: 's', eventId: 'e', ts: 1 })]);
    await store.deleteWebsite('gone');
    await store.settle();
    expect(await store.recentEvents('gone', 10)).toEqual([]);
    expect(await store.recentEvents('kept', 10)).toHaveLength(1);
    expect(await count(db, 'click')).toBe(1);
  });

  it('fails a commit at once when the writer thread has ended, instead of waiting forever', async () => {
    const { store } = await open({ deferAt: 32 });
    await store.close();
    await expect(
      store.commit([ingestEvent({ websiteId: 'w3', sessionId: 's', eventId: 'e', ts: 1 })]),
    ).rejects.toThrow(/event writer/);
  });

  it('starts a new writer thread when one ends unasked; what it stored stays', async () => {
    const workers: Worker[] = [];
    const exits: { error: string; restartInMs: number }[] = [];
    const { store, db } = await open({
      deferAt: 32,
      startWriter: (data) => {
        const worker = startEventWriter(data);
        workers.push(worker);
        return worker;
      },
      onWriterExit: (error, restartInMs) => exits.push({ error: error.message, restartInMs }),
    });
    cleanups.push(() => store.close());
    await store.commit([ingestEvent({ websiteId: 'w4', sessionId: 's1', eventId: 'e1', ts: 1 })]);
    await workers[0]?.terminate();
    expect(exits).toEqual([{ error: 'event writer thread exited (1)', restartInMs: 100 }]);
    // Until the new thread runs, a commit fails at once (collect answers 5xx; the tracker retries).
    await expect(
      store.commit([ingestEvent({ websiteId: 'w4', sessionId: 's2', eventId: 'e2', ts: 2 })]),
    ).rejects.toThrow(/event writer/);
    for (let i = 0; i < 300 && workers.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(workers).toHaveLength(2);
    expect(
      await store.commit([
        ingestEvent({ websiteId: 'w4', sessionId: 's2', eventId: 'e2', ts: 2 }),
        ingestEvent({ websiteId: 'w4', sessionId: 's1', eventId: 'e1', ts: 1 }),
      ]),
    ).toMatchObject({ inserted: 1, duplicates: 1 });
    await store.settle();
    expect((await store.recentEvents('w4', 10)).map((e) => e.eventId).sort()).toEqual(['e1', 'e2']);
    expect(await count(db, 'click')).toBe(2);
  });
});
