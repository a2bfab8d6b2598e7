import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../migrations/migrate';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestTarget } from '../../test/test-database';
import { SqlEventStore } from './event-store.sql';
import { ReportReaderThread } from './report-reader';
import { startReportReader } from './report-reader.thread';
import type { ReportReaderData } from './report-reader-messages';

describe('SQLite report reader thread', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of cleanups.reverse()) await close();
  });

  it('answers the raw-event reports on its own thread, as the repositories would, and starts again after it ended', async () => {
    const target = await createTestTarget('sqlite');
    if (target.database.dialect !== 'sqlite') throw new Error('not a SQLite target');
    const database = openDatabase(target.database);
    cleanups.push(() => database.destroy());
    await migrateToLatest(database);
    const now = Date.now();
    await new SqlEventStore(database.db, 'sqlite').commit([
      ingestEvent({
        websiteId: 'w1',
        visitorId: 'a',
        sessionId: 'sa',
        eventId: 'e1',
        ts: now - 60_000,
        country: 'DE',
      }),
      ingestEvent({
        websiteId: 'w1',
        visitorId: 'b',
        sessionId: 'sb',
        eventId: 'e2',
        ts: now - 50_000,
        country: 'FR',
      }),
      ingestEvent({
        websiteId: 'w2',
        visitorId: 'c',
        sessionId: 'sc',
        eventId: 'e3',
        ts: now - 40_000,
        country: 'DE',
      }),
    ]);

    const started: Worker[] = [];
    const reader = new ReportReaderThread(target.database.file, (data: ReportReaderData) => {
      const worker = startReportReader(data);
      started.push(worker);
      return worker;
    });
    cleanups.push(() => reader.close());
    const scope = { websiteId: 'w1', from: now - 3_600_000, filters: {} };
    expect(started).toHaveLength(0);
    expect(await reader.readers.breakdowns.visitors(scope)).toBe(2);
    expect(await reader.readers.breakdowns.visitors({ ...scope, filters: { country: 'DE' } })).toBe(1);
    const totals = await reader.readers.filteredDashboard.totalsBetween({
      ...scope,
      to: now,
      filters: { country: 'FR' },
    });
    expect(totals).toMatchObject({ pageviews: 1, visitors: 1 });
    expect(started).toHaveLength(1);

    // A thread that ended (a crash) fails what waited; the next report starts a new one.
    await started[0]?.terminate();
    expect(await reader.readers.breakdowns.visitors(scope)).toBe(2);
    expect(started).toHaveLength(2);
  });
});
