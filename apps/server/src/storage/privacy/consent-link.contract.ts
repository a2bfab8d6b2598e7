import { HOUR_MS } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import type { ConsentLinkRepository } from './consent-link.repository';
import type { PrivacySubject } from './privacy-contract.fixture';

const SINCE = Date.UTC(2026, 10, 25);
const HASH = 'h.consenting';
const purchase = { goalId: 'g1', goalName: 'Purchase', value: 10, currency: 'USD' };

/** What every ConsentLinkRepository variant must do, seeded through the backend's event store. */
export function describeConsentLinkContract(
  label: string,
  open: () => Promise<PrivacySubject<ConsentLinkRepository>>,
) {
  describe(`ConsentLinkRepository contract: ${label}`, () => {
    let subject: PrivacySubject<ConsentLinkRepository>;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.close());

    it("moves the hash visitor's clicks, conversions and events since the moment to the consented id", async () => {
      const at = (websiteId: string, hours: number, sessionId: string, more = {}) =>
        ingestEvent({ websiteId, visitorId: HASH, sessionId, ts: SINCE + hours * HOUR_MS, ...more });
      await subject.events.commit([
        at('linked', -2, 'before'),
        at('linked', 1, 'after', { campaignId: 'camp-A', channel: 'paid', ocxid: 'a'.repeat(32) }),
        at('linked', 2, 'after', { type: 'custom', name: 'purchase', goalMatches: [purchase] }),
        at('untouched', 1, 'other'),
      ]);
      expect(await subject.repository.link('linked', HASH, 'consented', SINCE)).toBe(1);

      const events = await subject.events.recentEvents('linked', 10);
      expect(events.map((e) => [e.ts - SINCE, e.visitorId])).toEqual([
        [2 * HOUR_MS, 'consented'],
        [HOUR_MS, 'consented'],
        [-2 * HOUR_MS, HASH],
      ]);
      expect((await subject.events.recentEvents('untouched', 10)).map((e) => e.visitorId)).toEqual([HASH]);
      const { db } = subject.database;
      const rows = (table: 'click' | 'conversion') =>
        db
          .selectFrom(table)
          .select(['website_id', 'visitor_id', 'ts'])
          .orderBy('website_id')
          .orderBy('ts')
          .execute()
          .then((found) => found.map((r) => [r.website_id, r.visitor_id, Number(r.ts) - SINCE]));
      expect(await rows('click')).toEqual([
        ['linked', HASH, -2 * HOUR_MS],
        ['linked', 'consented', HOUR_MS],
        ['untouched', HASH, HOUR_MS],
      ]);
      expect(await rows('conversion')).toEqual([['linked', 'consented', 2 * HOUR_MS]]);
      // Nothing of the hash visitor is left since the moment: a second link moves nothing.
      expect(await subject.repository.link('linked', HASH, 'consented', SINCE)).toBe(0);
    });
  });
}
