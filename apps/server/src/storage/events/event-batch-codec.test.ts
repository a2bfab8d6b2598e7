import { describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { leftOutFields, packEvents, unpackEvents } from './event-batch-codec';

describe('the event batch the writer thread receives', () => {
  const full = ingestEvent({
    type: 'custom',
    name: 'purchase',
    value: 4990,
    currency: 'EUR',
    props: { plan: 'pro', seats: 3, trial: false, coupon: null },
    userId: 'user-7',
    country: 'DE',
    utm: { source: 'google', medium: 'cpc', campaign: 'spring', term: null, content: 'a' },
    goalMatches: [{ goalId: 'g1', goalName: 'Purchase', value: 4990, currency: 'EUR' }],
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    notices: ['invalid_click_id'],
  });

  it('comes back equal but for the website, the user agent and the notices', () => {
    const [back] = unpackEvents(structuredClone(packEvents([full])));
    expect(back).toEqual({ ...full, website: null, userAgent: '', notices: [] });
    expect(leftOutFields.sort()).toEqual(['notices', 'userAgent', 'website']);
  });

  it('keeps the order and the count of a batch, and an empty batch empty', () => {
    const batch = ['a', 'b', 'c'].map((eventId, i) => ingestEvent({ eventId, ts: 1000 + i }));
    expect(unpackEvents(packEvents(batch)).map((e) => [e.eventId, e.ts])).toEqual([
      ['a', 1000],
      ['b', 1001],
      ['c', 1002],
    ]);
    expect(unpackEvents(packEvents([]))).toEqual([]);
  });

  it('carries no field names, only values', () => {
    const packed = packEvents([full]);
    expect(JSON.stringify(packed)).not.toContain('websiteId');
    expect(JSON.stringify(packed)).not.toContain('Mozilla');
  });
});
