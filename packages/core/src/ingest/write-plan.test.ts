import { describe, expect, it } from 'vitest';
import type { IngestEvent } from './ingest-types';
import { planWrite, type VisitState } from './write-plan';

let n = 0;
const newId = () => `id-${++n}`;

function event(overrides: Partial<IngestEvent>): IngestEvent {
  return {
    websiteId: 'site-1',
    type: 'pageview',
    eventId: `e-${++n}`,
    visitorId: 'v1',
    sessionId: 's1',
    ts: 1000,
    url: 'https://shop.test/',
    host: 'shop.test',
    path: '/',
    query: '',
    title: null,
    referrer: null,
    name: null,
    selector: null,
    value: null,
    currency: null,
    props: null,
    userId: null,
    granted: null,
    linkFrom: null,
    ip: '1.2.3.4',
    userAgent: 'UA',
    website: null,
    country: 'DE',
    region: null,
    city: null,
    deviceType: 'mobile',
    browser: 'Safari',
    os: 'iOS',
    screen: 'mobile',
    utm: { source: null, medium: null, campaign: null, term: null, content: null },
    ocxid: null,
    campaignId: null,
    clickIdType: null,
    clickId: null,
    referrerDomain: null,
    channel: 'direct',
    goalMatches: [],
    notices: [],
    ...overrides,
  };
}

const campaignA = {
  ocxid: 'A'.repeat(32),
  campaignId: 'camp-A',
  channel: 'paid' as const,
  utm: { source: 'google', medium: 'cpc', campaign: 'a', term: null, content: null },
};

describe('write plan: sessions, clicks and conversions', () => {
  it('makes one click per session entrance, direct ones included', () => {
    const plan = planWrite(
      [event({ ts: 1 }), event({ ts: 2, path: '/two' }), event({ ts: 3, sessionId: 's2' })],
      new Map(),
      newId,
    );
    expect(plan.clicks.map((c) => [c.sessionId, c.channel, c.campaignId, c.landingPage])).toEqual([
      ['s1', 'direct', null, 'https://shop.test/'],
      ['s2', 'direct', null, 'https://shop.test/'],
    ]);
    expect(plan.visits.map((v) => [v.sessionId, v.startedAt, v.lastSeen])).toEqual([
      ['s1', 1, 1],
      ['s2', 3, 3],
    ]);
  });

  it('takes events in time order, whatever order they arrive in', () => {
    const plan = planWrite(
      [event({ ts: 5, path: '/later' }), event({ ts: 1, path: '/first', ...campaignA })],
      new Map(),
      newId,
    );
    expect(plan.clicks).toHaveLength(1);
    expect(plan.clicks[0]).toMatchObject({
      landingPage: 'https://shop.test/first',
      campaignId: 'camp-A',
      source: 'google',
      medium: 'cpc',
    });
  });

  it('continues a session stored by an earlier batch without a new click', () => {
    const existing = new Map<string, VisitState>([
      [
        's1',
        {
          sessionId: 's1',
          visitorId: 'v1',
          clickRowId: 'click-old',
          campaignId: 'camp-A',
          sourceKey: `ocxid:${'A'.repeat(32)}`,
          startedAt: 1,
          lastSeen: 2,
        },
      ],
    ]);
    const plan = planWrite([event({ ts: 10, path: '/more' })], existing, newId);
    expect(plan.clicks).toEqual([]);
    // A continuing session needs no write: its entrance is unchanged.
    expect(plan.visits).toEqual([]);
  });

  it('counts a landing with new campaign markers inside a running session as a new entrance', () => {
    const plan = planWrite(
      [
        event({ ts: 1, ...campaignA }),
        event({ ts: 2, ocxid: 'B'.repeat(32), campaignId: 'camp-B' }),
        event({ ts: 3, path: '/x' }),
      ],
      new Map(),
      newId,
    );
    expect(plan.clicks.map((c) => c.campaignId)).toEqual(['camp-A', 'camp-B']);
    expect(plan.visits[0]?.campaignId).toBe('camp-B');
  });

  it('gives each goal match a conversion tied to the session’s click and campaign, keyed by event and goal', () => {
    const plan = planWrite(
      [
        event({ ts: 1, ...campaignA }),
        event({
          ts: 2,
          eventId: 'evt-buy',
          type: 'custom',
          name: 'purchase',
          goalMatches: [{ goalId: 'g1', goalName: 'Purchase', value: 49.9, currency: 'EUR' }],
        }),
        event({
          ts: 3,
          eventId: 'evt-lead',
          type: 'custom',
          name: 'signup',
          goalMatches: [{ goalId: 'g2', goalName: 'Signup', value: null, currency: 'USD' }],
        }),
      ],
      new Map(),
      newId,
    );
    const clickId = plan.clicks[0]?.id;
    expect(
      plan.conversions.map((c) => [
        c.goalId,
        c.campaignId,
        c.clickRowId === clickId,
        c.valueMinor,
        c.currency,
        c.conversionType,
        c.dedupeKey,
      ]),
    ).toEqual([
      ['g1', 'camp-A', true, 4990, 'EUR', 'revenue', 'evt-buy:g1'],
      ['g2', 'camp-A', true, null, 'USD', 'lead', 'evt-lead:g2'],
    ]);
  });

  it('links a visitor to the user id of an identify event', () => {
    const plan = planWrite([event({ type: 'identify', userId: 'user-42', ts: 7 })], new Map(), newId);
    expect(plan.identities).toEqual([{ visitorId: 'v1', userId: 'user-42', ts: 7 }]);
  });
});
