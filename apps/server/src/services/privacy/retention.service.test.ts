import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { dashboardTables } from '../../storage/dashboard/dashboard-rollups';
import { SqlEventStore } from '../../storage/events/event-store.sql';
import { SqlRetentionRepository } from '../../storage/privacy/retention.sql';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestDatabase, dialects } from '../../test/test-database';
import { insertWebsites } from '../../test/websites.fixture';
import { RetentionService, retentionCutoff } from './retention.service';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 12);

describe('retentionCutoff', () => {
  it('goes back whole calendar months in UTC', () => {
    expect(new Date(retentionCutoff(NOW, 25)).toISOString()).toBe('2024-10-25T12:00:00.000Z');
    expect(new Date(retentionCutoff(Date.UTC(2026, 2, 31), 1)).toISOString()).toBe(
      '2026-03-03T00:00:00.000Z',
    );
  });
});

describe.each(dialects)('the retention job on %s', (dialect) => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  const withWebsites = (database: Database, sites: [string, number][]) =>
    insertWebsites(
      database,
      sites.map(([id]) => id),
      NOW,
      Object.fromEntries(sites),
    );

  const purchase = { goalId: 'g1', goalName: 'Purchase', value: 10, currency: 'USD' };

  it('deletes only rows older than each website’s retention, in batches, and keeps the rollups', async () => {
    const { database, close } = await createTestDatabase(dialect);
    closers.push(close);
    await withWebsites(database, [
      ['short', 1],
      ['long', 25],
    ]);
    const at = (websiteId: string, ts: number, visitor: string) =>
      ingestEvent({ websiteId, ts, visitorId: visitor, sessionId: `${visitor}-s`, goalMatches: [purchase] });
    await new SqlEventStore(database.db, database.dialect).commit([
      at('short', NOW - 70 * DAY, 'old-1'),
      at('short', NOW - 60 * DAY, 'old-2'),
      at('short', NOW - 40 * DAY, 'old-3'),
      at('short', NOW - 5 * DAY, 'recent'),
      at('long', NOW - 70 * DAY, 'kept'),
    ]);
    const rollups = async () => {
      const all: unknown[] = [];
      for (const table of dashboardTables)
        all.push(await database.db.selectFrom(table).selectAll().orderBy('website_id').execute());
      return all;
    };
    const before = await rollups();
    // The rollups hold the deleted period too (dash_day has a row per website and day).
    expect((before[0] as unknown[]).length).toBe(5);

    const job = new RetentionService(new SqlRetentionRepository(database.db), () => NOW, 2);
    const passes: number[] = [];
    for (let n = await job.run(); n > 0; n = await job.run()) passes.push(n);
    expect(passes.length).toBeGreaterThan(1);

    const left = async (table: 'event' | 'click' | 'conversion') =>
      (
        await database.db
          .selectFrom(table)
          .select(['website_id', 'visitor_id'])
          .orderBy('visitor_id')
          .execute()
      ).map((r) => `${r.website_id}:${r.visitor_id}`);
    for (const table of ['event', 'click', 'conversion'] as const)
      expect(await left(table)).toEqual(['long:kept', 'short:recent']);
    expect(
      (await database.db.selectFrom('visit').select('visitor_id').orderBy('visitor_id').execute()).map(
        (r) => r.visitor_id,
      ),
    ).toEqual(['kept', 'recent']);
    expect(await rollups()).toEqual(before);
  });
});
