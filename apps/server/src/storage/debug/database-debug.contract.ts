import { debugRowCountTables } from '@ocx/contracts';
import type { EventStore } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { insertWebsites } from '../../test/websites.fixture';
import type { DatabaseDebugRepository } from './database-debug.repository';

interface DatabaseDebugUnderTest {
  debug: DatabaseDebugRepository;
  /** The backend's event store: the events, clicks and conversions come from its commits. */
  events: EventStore;
  /** The SQL database, where every backend keeps the websites. */
  database: Database;
  close(): Promise<void>;
}

const zeros = Object.fromEntries(debugRowCountTables.map((table) => [table, 0]));

/** The behaviour every database debug repository must show: a round trip, and the rows of given websites only. */
export function describeDatabaseDebugContract(label: string, open: () => Promise<DatabaseDebugUnderTest>) {
  describe(`DatabaseDebugRepository contract: ${label}`, () => {
    let subject: DatabaseDebugUnderTest;
    beforeAll(async () => {
      subject = await open();
      await insertWebsites(subject.database, ['debug-a', 'debug-b']);
      const campaign = { ocxid: 'a'.repeat(32), campaignId: 'camp-A', channel: 'paid' as const };
      await subject.events.commit([
        ingestEvent({ websiteId: 'debug-a', sessionId: 'a-1', ts: 1000, ...campaign }),
        ingestEvent({ websiteId: 'debug-a', sessionId: 'a-1', ts: 2000, path: '/two' }),
        ingestEvent({
          websiteId: 'debug-a',
          sessionId: 'a-1',
          ts: 3000,
          type: 'custom',
          name: 'purchase',
          goalMatches: [{ goalId: 'g-buy', goalName: 'Purchase', value: 5, currency: 'USD' }],
        }),
        ingestEvent({ websiteId: 'debug-b', sessionId: 'b-1', ts: 1000 }),
      ]);
    });
    afterAll(() => subject.close());

    it('answers a round trip', async () => {
      await expect(subject.debug.ping()).resolves.toBeUndefined();
    });

    it("counts the given websites' rows, the raw events wherever they are stored", async () => {
      expect(await subject.debug.rowCounts(['debug-a'])).toEqual({
        ...zeros,
        websites: 1,
        events: 3,
        visits: 1,
        clicks: 1,
        conversions: 1,
      });
      expect(await subject.debug.rowCounts(['debug-a', 'debug-b'])).toMatchObject({
        websites: 2,
        events: 4,
        visits: 2,
        clicks: 2,
        conversions: 1,
      });
      expect(await subject.debug.rowCounts(['no-such-site'])).toEqual(zeros);
      expect(await subject.debug.rowCounts([])).toEqual(zeros);
    });
  });
}
