import { attributionModels } from '@ocx/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { as, createTestApp, type SignedIn, stores, type TestApp } from '../../test/test-app';
import { collectEvents, pageview, trackedSite, trackerId } from '../../test/tracked-site.fixture';

const DAY = 86_400_000;

describe.each(stores)('attribution on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let siteId: string;
  let campaignA: { id: string; ocxid: string };
  let campaignB: { id: string; ocxid: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const site = await trackedSite(t.app);
    owner = site.owner;
    siteId = site.siteId;
    campaignA = site.campaign;
    campaignB = (
      await t.app.inject({
        method: 'POST',
        url: `/api/websites/${siteId}/campaigns`,
        headers: as(owner),
        payload: {
          name: 'Autumn',
          network: 'Facebook',
          source: 'Social',
          landingPage: 'https://shop.test/autumn',
        },
      })
    ).json();
  });
  afterAll(() => t.close());

  const collect = (events: object[]) => collectEvents(t.app, siteId, events);
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: as(owner) });

  /** A visitor lands from A, two days later from B, then buys: the worked example of issue 4. */
  async function journey() {
    const visitorId = trackerId('journey');
    const now = Date.now();
    await collect([
      pageview({
        visitorId,
        sessionId: trackerId('s1'),
        ts: now - 2 * DAY,
        url: `https://shop.test/spring?ocxid=${campaignA.ocxid}`,
      }),
    ]);
    const second = trackerId('s2');
    await collect([
      pageview({
        visitorId,
        sessionId: second,
        ts: now - 1000,
        url: `https://shop.test/autumn?ocxid=${campaignB.ocxid}`,
      }),
    ]);
    await collect([
      { ...pageview({ visitorId, sessionId: second }), type: 'custom', name: 'purchase', value: 100 },
    ]);
    await t.app.services.background.settle();
    const conversions = (await get(`/api/conversions?websiteId=${siteId}`)).json();
    return conversions.find((c: { visitor_id: string }) => c.visitor_id === visitorId);
  }

  it('credits A under first touch, B under last touch and half each under linear', async () => {
    const conversion = await journey();
    expect(conversion).toMatchObject({
      campaign_id: campaignB.id,
      value: 100,
      conversion_type: 'revenue',
      source: 'tracker',
    });
    const path = (await get(`/api/conversions/${conversion.id}/path?websiteId=${siteId}`)).json();
    expect(path.touchpoints.map((p: { campaignId: string }) => p.campaignId)).toEqual([
      campaignA.id,
      campaignB.id,
    ]);
    const [a, b] = path.touchpoints;
    expect([a.credits.first_touch, b.credits.first_touch]).toEqual([1, 0]);
    expect([a.credits.last_touch, b.credits.last_touch]).toEqual([0, 1]);
    expect([a.credits.linear, b.credits.linear]).toEqual([0.5, 0.5]);
    // Time decay, half-life 7 days, touches 2 days and ~0 days before: 2^(−2/7) : 1.
    expect(a.credits.time_decay / b.credits.time_decay).toBeCloseTo(2 ** (-2 / 7), 3);
  });

  it('stores credits that sum to 1 and value credits that sum to the value for every conversion and model', async () => {
    await journey();
    const database = openDatabase(t.config.database);
    try {
      for (const model of attributionModels) {
        const { rows } = await sql<{ conversion_id: string; credit: number; value: number; worth: number }>`
          select a.conversion_id, sum(${sql.ref(`a.credit_${model}`)}) as credit,
            sum(${sql.ref(`a.value_${model}`)}) as value, max(c.value_minor) as worth
          from touch_credit a join conversion c on c.id = a.conversion_id
          group by a.conversion_id, a.version`.execute(database.db);
        expect(rows.length).toBeGreaterThanOrEqual(1);
        for (const row of rows) {
          expect(Math.abs(Number(row.credit) - 1), model).toBeLessThan(1e-9);
          expect(Number(row.value), model).toBe(Number(row.worth ?? 0));
        }
      }
    } finally {
      await database.destroy();
    }
  });

  it('puts all eight models side by side in the attribution report', async () => {
    await journey();
    const report = (await get(`/api/reports/attribution?websiteId=${siteId}`)).json();
    expect(Object.keys(report.models).sort()).toEqual([...attributionModels].sort());
    const sum = (model: string, campaignId: string) =>
      report.models[model]
        .filter((r: { campaignId: string }) => r.campaignId === campaignId)
        .reduce((s: number, r: { conversions: number }) => s + r.conversions, 0);
    expect(sum('first_touch', campaignA.id)).toBeGreaterThanOrEqual(1);
    expect(sum('last_touch', campaignA.id)).toBe(0);
    expect(sum('linear', campaignA.id)).toBeCloseTo(sum('linear', campaignB.id));
  });

  it('campaign figures follow the selected model, and a settings change recomputes in the background', async () => {
    const metrics = async (id: string) =>
      (await get(`/api/websites/${siteId}/campaigns/${id}`)).json().metrics;
    const site = (await get(`/api/websites/${siteId}`)).json();
    const patch = (attribution: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/websites/${siteId}`,
        headers: as(owner),
        payload: { attribution },
      });

    await patch({ ...site.attribution, model: 'last_touch' });
    const lastA = (await metrics(campaignA.id)).conversions;
    await patch({ ...site.attribution, model: 'first_touch' });
    const firstA = (await metrics(campaignA.id)).conversions;
    expect(firstA).toBeGreaterThan(lastA);

    // A 1-day window leaves only B (the last touch, just before the purchase) in every path.
    const before = (await get(`/api/websites/${siteId}/attribution-status`)).json();
    await patch({ ...site.attribution, model: 'first_touch', window: 1 });
    // The change asks for a new version of the credits at once; the background may already be on it.
    const queued = (await get(`/api/websites/${siteId}/attribution-status`)).json();
    expect(queued.targetVersion).toBe(before.activeVersion + 1);
    await t.app.services.background.settle();
    const status = (await get(`/api/websites/${siteId}/attribution-status`)).json();
    expect(status).toMatchObject({ running: false, activeVersion: queued.targetVersion });
    expect(status.done).toBe(status.total);
    expect((await metrics(campaignA.id)).conversions).toBe(0);
  });

  it('answers 401 without a session and 404 for another user on status, paths and reports', async () => {
    const other = await (await import('../../test/test-app')).signUp(t.app);
    for (const url of [
      `/api/websites/${siteId}/attribution-status`,
      `/api/reports/attribution?websiteId=${siteId}`,
      `/api/conversions/x/path?websiteId=${siteId}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      const res = await t.app.inject({ method: 'GET', url, headers: as(other) });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('sums value credit per currency in the report and the campaign figures, never across them', async () => {
    const visitorId = trackerId('currencies');
    const sessionId = trackerId('s');
    const url = `https://shop.test/spring?ocxid=${campaignA.ocxid}`;
    const purchase = (value: number, currency: string) => ({
      ...pageview({ visitorId, sessionId, url }),
      type: 'custom',
      name: 'purchase',
      value,
      currency,
    });
    await collect([pageview({ visitorId, sessionId, url }), purchase(40, 'EUR'), purchase(10.5, 'gbp')]);
    await t.app.services.background.settle();

    const report = (await get(`/api/reports/attribution?websiteId=${siteId}`)).json();
    for (const model of attributionModels) {
      const rows = report.models[model].filter((r: { campaignId: string }) => r.campaignId === campaignA.id);
      const byCurrency = rows.map((r: { valueByCurrency: Record<string, number> }) => r.valueByCurrency);
      expect(
        byCurrency.reduce((s: number, c: Record<string, number>) => s + (c.EUR ?? 0), 0),
        model,
      ).toBe(40);
      expect(
        byCurrency.reduce((s: number, c: Record<string, number>) => s + (c.GBP ?? 0), 0),
        model,
      ).toBe(10.5);
      for (const row of rows) {
        const amounts = Object.values(row.valueByCurrency as Record<string, number>);
        // One currency: its amount; euros and pounds together: no single value (never added up).
        expect(row.value).toBe(amounts.length === 1 ? amounts[0] : amounts.length === 0 ? 0 : null);
      }
    }
    const metrics = (await get(`/api/websites/${siteId}/campaigns/${campaignA.id}`)).json().metrics;
    expect(metrics.revenueByCurrency).toMatchObject({ EUR: 40, GBP: 10.5 });
  });
});
