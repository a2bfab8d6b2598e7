import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { as, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';
import { collectEvents } from '../../test/tracked-site.fixture';

const SECOND = 1000;
const DAY = 86_400_000;

/**
 * Funnel /pricing → click #subscribe → /thank-you over events of known times.
 * Last 7 days (sent through /api/collect): v1 completes in 180 s, v2 in 300 s, v3 clicks, v4 and
 * v6 only see pricing (v6 clicked before it), v5 only thanks → 5 entries, 3 clicks, 2 complete.
 * 7–37 days ago (older than collect accepts, so written to the store): p1 completes in 600 s
 * (10 days ago), p2 clicks (12 days), p3 (20 days) and p4 (36 days) only pricing; p5 40 days ago.
 */
describe.each(dialects)('funnel analytics from events on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let siteId: string;
  let funnelId: string;
  let now: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { trustProxy: 1 });
    owner = await signUp(t.app);
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: as(owner), payload });
    siteId = (await call('/api/websites', { name: 'Shop', rootDomain: 'shop.test' })).json().id;
    const otherSite = (await call('/api/websites', { name: 'Other', rootDomain: 'other.test' })).json().id;
    funnelId = (
      await call('/api/funnels', {
        website_id: siteId,
        name: 'Subscribe',
        steps: [
          { name: 'Pricing', conditions: { path: '/pricing' } },
          { name: 'Subscribe', conditions: { selector: '#subscribe' } },
          { name: 'Thanks', conditions: { path: '/thank-you' } },
        ],
      })
    ).json().id;

    now = Date.now();
    let n = 0;
    const view = (visitor: string, ts: number, path: string) => ({
      type: 'pageview',
      url: `https://shop.test${path}`,
      visitorId: `visitor-${visitor}-x`,
      sessionId: `session-${visitor}-x`,
      eventId: `event-${String(++n).padStart(4, '0')}`,
      ts,
    });
    const click = (visitor: string, ts: number) => ({
      ...view(visitor, ts, '/pricing'),
      type: 'click',
      selector: '#subscribe',
    });
    const d = (days: number) => now - days * DAY;
    const events = [
      view('v1', d(3), '/pricing'),
      click('v1', d(3) + 60 * SECOND),
      view('v1', d(3) + 180 * SECOND, '/thank-you'),
      view('v2', d(2), '/en/PRICING'),
      click('v2', d(2) + 30 * SECOND),
      view('v2', d(2) + 300 * SECOND, '/thank-you?order=1'),
      view('v3', d(2), '/pricing'),
      click('v3', d(2) + 5 * SECOND),
      view('v4', d(1), '/pricing'),
      view('v5', d(1), '/thank-you'),
      click('v6', d(1)),
      view('v6', d(1) + 10 * SECOND, '/pricing'),
      view('v7', d(1), '/about'),
    ];
    const collect = await collectEvents(t.app, siteId, events, { 'x-forwarded-for': '81.2.69.142' });
    expect(collect.json()).toEqual({ accepted: events.length, dropped: [] });

    const old = (visitor: string, ts: number, type: 'pageview' | 'click', path: string) =>
      ingestEvent({
        websiteId: siteId,
        visitorId: visitor,
        sessionId: `${visitor}-s`,
        ts,
        type,
        path,
        selector: type === 'click' ? '#subscribe' : null,
      });
    await t.events.commit([
      old('p1', d(10), 'pageview', '/pricing'),
      old('p1', d(10) + 100 * SECOND, 'click', '/pricing'),
      old('p1', d(10) + 600 * SECOND, 'pageview', '/thank-you'),
      old('p2', d(12), 'pageview', '/pricing'),
      old('p2', d(12) + SECOND, 'click', '/pricing'),
      old('p3', d(20), 'pageview', '/pricing'),
      old('p4', d(36), 'pageview', '/pricing'),
      old('p5', d(40), 'pageview', '/pricing'),
      { ...old('x1', d(2), 'pageview', '/pricing'), websiteId: otherSite },
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: as(owner) });

  it('counts visitors per step, drops, completion and mean time to convert for the last 7 days', async () => {
    const res = await get(`/api/funnels/analytics/${funnelId}?timeRange=week`);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({ funnelId, timeRange: 'week', totalEntries: 5, completionRate: 0.4 });
    expect(a.averageTimeToConversion).toBe(240); // (180 + 300) / 2
    expect(
      a.stepConversions.map((s: { stepName: string; visitors: number; conversionRate: number }) => [
        s.stepName,
        s.visitors,
        s.conversionRate,
      ]),
    ).toEqual([
      ['Pricing', 5, 1],
      ['Subscribe', 3, 0.6],
      ['Thanks', 2, 0.4],
    ]);
    expect(a.stepConversions[1].dropOff).toBeCloseTo(0.4, 10); // 1 − 3/5
    expect(a.stepConversions[2].dropOff).toBeCloseTo(1 / 3, 10); // 1 − 2/3
    expect(Date.parse(a.periodEnd) - Date.parse(a.periodStart)).toBeGreaterThan(7 * DAY - 60 * SECOND);
  });

  it('widens to 30 days and all time; week is the default period', async () => {
    const figures = async (query: string) => {
      const a = (await get(`/api/funnels/analytics/${funnelId}${query}`)).json();
      return [
        a.timeRange,
        a.stepConversions.map((s: { visitors: number }) => s.visitors),
        a.averageTimeToConversion,
      ];
    };
    expect(await figures('?timeRange=month')).toEqual(['month', [8, 5, 3], 360]); // (180 + 300 + 600) / 3
    expect(await figures('?timeRange=all')).toEqual(['all', [10, 5, 3], 360]);
    expect(await figures('')).toEqual(['week', [5, 3, 2], 240]);
  });

  it('compares the last 7 days with the 30 days before them by default', async () => {
    const res = await get(`/api/funnels/analytics/compare?funnelId=${funnelId}`);
    expect(res.statusCode).toBe(200);
    const { current, previous, comparison } = res.json();
    expect([current.timeRange, current.totalEntries, previous.timeRange, previous.totalEntries]).toEqual([
      'week',
      5,
      'month',
      4,
    ]);
    expect(previous.periodEnd).toBe(current.periodStart);
    expect(previous.stepConversions.map((s: { visitors: number }) => s.visitors)).toEqual([4, 2, 1]);
    expect(previous.averageTimeToConversion).toBe(600);
    expect(comparison.totalEntriesChange).toBeCloseTo(0.25, 10); // (5 − 4) / 4
    expect(comparison.completionRateChange).toBeCloseTo(0.6, 10); // (0.4 − 0.25) / 0.25
    expect(comparison.timeToConversionChange).toBeCloseTo(-0.6, 10); // (240 − 600) / 600
    expect(
      comparison.stepChanges.map((s: { visitorsChange: number; conversionRateChange: number }) => [
        s.visitorsChange,
        s.conversionRateChange,
      ]),
    ).toEqual([
      [0.25, 0],
      [0.5, expect.closeTo(0.2, 10)], // visitors (3 − 2) / 2; rate (0.6 − 0.5) / 0.5
      [1, expect.closeTo(0.6, 10)], // visitors (2 − 1) / 1; rate (0.4 − 0.25) / 0.25
    ]);
  });

  it('compares against any previous period length, with no change figure where the previous one is empty', async () => {
    const res = await get(
      `/api/funnels/analytics/compare?funnelId=${funnelId}&currentPeriod=month&previousPeriod=week`,
    );
    const { current, previous, comparison } = res.json();
    expect([current.totalEntries, previous.totalEntries]).toEqual([8, 1]); // p4, 36 days ago
    expect(previous.averageTimeToConversion).toBeNull();
    expect(comparison.totalEntriesChange).toBe(7);
    expect(comparison.timeToConversionChange).toBeNull();
    expect(comparison.stepChanges[1].visitorsChange).toBeNull();
  });
});
