import type { Breakdown, BreakdownDimension, Dashboard, RollupStatus } from '@ocx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { as, createTestApp, type SignedIn, signUp, stores, type TestApp } from '../../test/test-app';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const HOUR = 3_600_000;
const ranges = ['1d', '7d', '30d', 'all'] as const;

/**
 * docs/definitions.md#time-zone: changing a website's zone re-keys its day rollups in the background; before,
 * during and after, the dashboard equals the computation from raw events in the website's zone.
 */
describe.each(stores)('rollups follow the time zone on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let siteId: string;

  const get = async <T>(url: string, user = owner): Promise<T> =>
    (await t.app.inject({ method: 'GET', url, headers: as(user) })).json();
  const dashboard = (range: string) =>
    get<Dashboard>(`/api/analytics/dashboard?websiteId=${siteId}&range=${range}`);
  const status = () => get<RollupStatus>(`/api/websites/${siteId}/rollups`);
  /** The same dashboard computed from the raw events alone (the path a rebuild answers from). */
  const fromRawEvents = (range: (typeof ranges)[number], timezone: string) =>
    t.app.services.dashboard.forWebsite(
      { id: siteId, attribution_model: 'first_touch', timezone, rollup_rebuilt_until: 0 },
      range,
    );
  const changeZone = (timezone: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/websites/${siteId}`,
      headers: as(owner),
      payload: { timezone },
    });

  /** The rolled-up breakdowns (issue 27) against the raw events, as a rebuild answers them. */
  const rolledDimensions = ['country', 'screen', 'page'] as const;
  const breakdown = (range: string, dimension: string) =>
    get<Breakdown>(
      `/api/analytics/breakdown?websiteId=${siteId}&range=${range}&dimension=${dimension}&limit=1000`,
    );
  const breakdownFromRawEvents = (
    range: (typeof ranges)[number],
    dimension: BreakdownDimension,
    timezone: string,
  ) =>
    t.app.services.breakdowns.forWebsite(
      { id: siteId, timezone, rollup_rebuilt_until: 0 },
      { range, dimension, filters: {}, limit: 1000, offset: 0 },
    );

  async function expectRollupsEqualRaw(timezone: string) {
    for (const range of ranges) {
      expect(await dashboard(range), `${timezone} ${range}`).toEqual(await fromRawEvents(range, timezone));
      for (const dimension of rolledDimensions)
        expect(await breakdown(range, dimension), `${timezone} ${range} ${dimension}`).toEqual(
          await breakdownFromRawEvents(range, dimension, timezone),
        );
    }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { reportClock: () => NOW });
    // Only settle() runs the rebuild: the tests read its state before it starts, and a timer pass
    // between the zone change and that read made them flaky on a busy machine.
    await t.app.services.background.stop();
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    siteId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/websites',
        headers: as(owner),
        payload: { name: 'Shop', rootDomain: 'shop.test' },
      })
    ).json().id;
    // Ten minutes either side of midnights in UTC, Kathmandu (18:15 UTC) and Los Angeles (08:00 / 07:00 UTC),
    // across the spring-forward change of 8 March, and a visitor who comes back, over 40 days; one
    // in four visits is a hash visitor's (no consent), which the rebuild counts per local day too.
    const times = [
      '2026-01-30T12:00:00Z',
      '2026-03-06T23:50:00Z',
      '2026-03-07T00:10:00Z',
      '2026-03-07T18:05:00Z',
      '2026-03-07T18:25:00Z',
      '2026-03-08T07:50:00Z',
      '2026-03-08T08:10:00Z',
      '2026-03-09T06:50:00Z',
      '2026-03-09T07:10:00Z',
      '2026-03-10T11:00:00Z',
    ].map((iso) => Date.parse(iso));
    await t.events.commit(
      times.flatMap((ts, i) => [
        ingestEvent({
          websiteId: siteId,
          visitorId: `${i % 4 === 3 ? 'h.' : ''}visitor-${i % 4}`,
          sessionId: `session-${i}`,
          ts,
          url: `https://shop.test/p${i % 3}?x=${i}`,
          path: `/p${i % 3}`,
          country: ['GB', 'DE', null][i % 3] ?? null,
          screen: i % 2 ? 'mobile' : 'desktop',
        }),
        ingestEvent({
          websiteId: siteId,
          visitorId: `${i % 4 === 3 ? 'h.' : ''}visitor-${i % 4}`,
          sessionId: `session-${i}`,
          ts: ts + 60_000,
          type: 'custom',
          name: 'scroll',
        }),
      ]),
    );
  });
  afterAll(() => t.close());

  it('answers from UTC rollups for a UTC website, equal to the raw computation', async () => {
    expect(await status()).toEqual({ timezone: 'UTC', rebuilding: false, progress: null });
    await expectRollupsEqualRaw('UTC');
    // Visits 3 and 7 of the ten.
    expect((await dashboard('all')).consent).toEqual({ visits: 10, withoutConsent: 2, percent: 20 });
  });

  it('rebuilds the rollups by local day after each zone change; the dashboard equals the raw computation throughout', async () => {
    for (const zone of ['Asia/Kathmandu', 'America/Los_Angeles', 'UTC']) {
      expect((await changeZone(zone)).statusCode).toBe(200);
      expect(await status()).toEqual({ timezone: zone, rebuilding: true, progress: 0 });
      await expectRollupsEqualRaw(zone); // answered from raw events while the rebuild waits
      await t.app.services.background.settle();
      expect(await status()).toEqual({ timezone: zone, rebuilding: false, progress: null });
      await expectRollupsEqualRaw(zone); // now from the rebuilt rollups
    }
    // 48 dashboards: on ClickHouse (chDB behind its HTTP front) each is a few dozen round trips.
  }, 120_000);

  it('keys the rebuilt days at local midnight: Kathmandu days start at 18:15 UTC', async () => {
    await changeZone('Asia/Kathmandu');
    await t.app.services.background.settle();
    const week = await dashboard('7d');
    expect(week.series.every((p) => p.t.endsWith('T18:15:00.000Z'))).toBe(true);
    expect(week.series.find((p) => p.t === '2026-03-06T18:15:00.000Z')).toMatchObject({ pageviews: 3 });
    expect(week.series.find((p) => p.t === '2026-03-07T18:15:00.000Z')).toMatchObject({ pageviews: 3 });
  });

  it('keeps counting new events into the new local days during and after a rebuild', async () => {
    await changeZone('America/Los_Angeles');
    await t.events.commit([
      ingestEvent({
        websiteId: siteId,
        visitorId: 'late',
        sessionId: 'late',
        ts: NOW - HOUR,
        url: 'https://shop.test/late',
        path: '/late',
      }),
    ]);
    await t.app.services.background.settle();
    await expectRollupsEqualRaw('America/Los_Angeles');
    await t.events.commit([
      ingestEvent({
        websiteId: siteId,
        visitorId: 'later',
        sessionId: 'later',
        ts: NOW - HOUR / 2,
        url: 'https://shop.test/late',
        path: '/late',
      }),
    ]);
    await expectRollupsEqualRaw('America/Los_Angeles');
  });

  it('shows another user no rebuild status of a website it cannot see', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/websites/${siteId}/rollups`,
      headers: as(stranger),
    });
    expect(res.statusCode).toBe(404);
  });
});
