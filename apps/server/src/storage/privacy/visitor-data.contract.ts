import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { insertWebsites } from '../../test/websites.fixture';
import type { PrivacySubject } from './privacy-contract.fixture';
import type { VisitorDataRepository, VisitorRowCounts } from './visitor-data.repository';

const T0 = Date.UTC(2026, 10, 25);
const SITE = 'rights';
const purchase = { goalId: 'g1', goalName: 'Purchase', value: 10, currency: 'USD' };
const none: VisitorRowCounts = {
  events: 0,
  clicks: 0,
  conversions: 0,
  credits: 0,
  identities: 0,
  postbackDeliveries: 0,
};
/** Alice's rows: a landing, a purchase and an identify; one session, so one click. */
const alices: VisitorRowCounts = { ...none, events: 3, clicks: 1, conversions: 1, identities: 1 };

/** What every VisitorDataRepository variant must do, seeded through the backend's event store. */
export function describeVisitorDataContract(
  label: string,
  open: () => Promise<PrivacySubject<VisitorDataRepository>>,
) {
  describe(`VisitorDataRepository contract: ${label}`, () => {
    let subject: PrivacySubject<VisitorDataRepository>;
    let repository: VisitorDataRepository;
    const buy = ingestEvent({
      websiteId: SITE,
      visitorId: 'alice',
      sessionId: 'alice-s',
      ts: T0 + 2,
      type: 'custom',
      name: 'purchase',
      goalMatches: [purchase],
    });
    beforeAll(async () => {
      subject = await open();
      repository = subject.repository;
      // The erasure log belongs to a website.
      await insertWebsites(subject.database, [SITE, 'elsewhere'], T0);
      const of = (websiteId: string, visitorId: string, ts: number, more = {}) =>
        ingestEvent({ websiteId, visitorId, sessionId: `${visitorId}-s`, ts, ...more });
      await subject.events.commit([
        of(SITE, 'alice', T0 + 1),
        buy,
        of(SITE, 'alice', T0 + 3, { type: 'identify', userId: 'user-1' }),
        of(SITE, 'bob', T0 + 4, { type: 'identify', userId: 'user-1' }),
        of('elsewhere', 'alice', T0 + 5),
      ]);
    });
    afterAll(() => subject.close());

    it('finds the visitors of a user id and of an order id, on that website', async () => {
      expect((await repository.visitorsByUserId(SITE, 'user-1')).sort()).toEqual(['alice', 'bob']);
      expect(await repository.visitorsByUserId('elsewhere', 'user-1')).toEqual([]);
      expect(await repository.visitorsByOrderId(SITE, `${buy.eventId}:${purchase.goalId}`)).toEqual([
        'alice',
      ]);
      expect(await repository.visitorsByOrderId(SITE, 'no-such-order')).toEqual([]);
    });

    it("counts and exports every row of the visitor, the raw events from where they're kept", async () => {
      expect(await repository.counts(SITE, 'alice')).toEqual(alices);
      const data = await repository.export(SITE, 'alice');
      const events = [...data.events].sort((a, b) => Number(a.ts) - Number(b.ts));
      expect(events.map((e) => [e.event_id, e.visitor_id, e.type])).toEqual([
        [expect.any(String), 'alice', 'pageview'],
        [buy.eventId, 'alice', 'custom'],
        [expect.any(String), 'alice', 'identify'],
      ]);
      expect(data.clicks.map((c) => [c.visitor_id, c.session_id])).toEqual([['alice', 'alice-s']]);
      expect(data.conversions.map((c) => c.dedupe_key)).toEqual([`${buy.eventId}:${purchase.goalId}`]);
      expect(data.identities.map((i) => i.user_id)).toEqual(['user-1']);
      expect([data.credits, data.postbackDeliveries]).toEqual([[], []]);
    });

    it('erases the visitor on that website only, and logs it without the visitor id', async () => {
      expect(
        await repository.erase(SITE, 'alice', { id: 'erasure-1', erasedBy: 'api-key', foundBy: 'userId' }),
      ).toEqual(alices);
      expect(await repository.counts(SITE, 'alice')).toEqual(none);
      expect((await subject.events.recentEvents(SITE, 10)).map((e) => e.visitorId)).toEqual(['bob']);
      expect(await repository.counts('elsewhere', 'alice')).toEqual({ ...none, events: 1, clicks: 1 });
      expect(await repository.visitorsByUserId(SITE, 'user-1')).toEqual(['bob']);
      const log = await repository.erasures(SITE);
      expect(log).toEqual([
        {
          id: 'erasure-1',
          erasedBy: 'api-key',
          erasedByEmail: null,
          erasedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          visitorRef: 'alic…',
          foundBy: 'userId',
          counts: alices,
        },
      ]);
    });
  });
}
