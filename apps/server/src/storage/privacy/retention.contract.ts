import { DAY_MS } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { insertWebsites } from '../../test/websites.fixture';
import type { PrivacySubject } from './privacy-contract.fixture';
import type { RetentionRepository } from './retention.repository';

const NOW = Date.UTC(2026, 10, 25, 12);
const purchase = { goalId: 'g1', goalName: 'Purchase', value: 10, currency: 'USD' };

/** What every RetentionRepository variant must do, seeded through the backend's event store. */
export function describeRetentionContract(
  label: string,
  open: () => Promise<PrivacySubject<RetentionRepository>>,
) {
  describe(`RetentionRepository contract: ${label}`, () => {
    let subject: PrivacySubject<RetentionRepository>;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.close());

    it('lists every website with the months it keeps', async () => {
      await insertWebsites(subject.database, ['keeps-1', 'keeps-25'], NOW, { 'keeps-1': 1 });
      const websites = await subject.repository.websites();
      expect(
        websites.filter((w) => w.id.startsWith('keeps-')).map((w) => [w.id, Number(w.retention_months)]),
      ).toEqual([
        ['keeps-1', 1],
        ['keeps-25', 25],
      ]);
    });

    it('deletes the events, clicks, conversions and visits before the cutoff, of that website only', async () => {
      const at = (websiteId: string, days: number, visitor: string) =>
        ingestEvent({
          websiteId,
          ts: NOW - days * DAY_MS,
          visitorId: visitor,
          sessionId: `${visitor}-s`,
          goalMatches: [purchase],
        });
      await subject.events.commit([
        at('short', 70, 'old-1'),
        at('short', 40, 'old-2'),
        at('short', 5, 'recent'),
      ]);
      await subject.events.commit([at('long', 70, 'kept')]);
      // Two of each: events, clicks, conversions and visits (no credits or deliveries yet).
      expect(await subject.repository.deleteOlder('short', NOW - 30 * DAY_MS, 100)).toBe(8);
      const visitors = async (websiteId: string) =>
        (await subject.events.recentEvents(websiteId, 10)).map((e) => e.visitorId);
      expect(await visitors('short')).toEqual(['recent']);
      expect(await visitors('long')).toEqual(['kept']);
      const { db } = subject.database;
      for (const table of ['click', 'conversion', 'visit'] as const)
        expect(
          await db.selectFrom(table).select(['website_id', 'visitor_id']).orderBy('website_id').execute(),
          table,
        ).toEqual([
          { website_id: 'long', visitor_id: 'kept' },
          { website_id: 'short', visitor_id: 'recent' },
        ]);
      expect(await subject.repository.deleteOlder('short', NOW - 30 * DAY_MS, 100)).toBe(0);
    });
  });
}
