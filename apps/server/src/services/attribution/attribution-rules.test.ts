import { type AttributionModel, attributionModels } from '@ocx/contracts';
import { addAmount } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributionCalls, DAY, landing, settleCrediting } from '../../test/attribution.fixture';
import { createTestApp, dialects, type TestApp } from '../../test/test-app';
import { trackedSite, trackerId } from '../../test/tracked-site.fixture';

/** Issue 17, items 1–5: the rules a credit follows, through the real collect endpoint and reports. */
describe.each(dialects)('attribution rules on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof attributionCalls>;
  let spring: { id: string; ocxid: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const site = await trackedSite(t.app);
    api = attributionCalls(t, site.owner, site.siteId);
    spring = site.campaign;
  });
  afterAll(() => t.close());

  const settle = () => settleCrediting(t);

  async function purchaseAfter(visitorId: string, landings: object[][]) {
    for (const events of landings) await api.collect(events);
    await settle();
    const [conversion] = await api.conversionsOf(visitorId);
    if (!conversion) throw new Error('no conversion stored');
    return { conversion, path: await api.path(conversion.id) };
  }

  it('credits a campaign link opened without a referrer (an app, a QR code) as the paid entrance it is', async () => {
    const visitorId = trackerId('qr');
    const { path } = await purchaseAfter(visitorId, [
      landing(visitorId, 'https://shop.test/', {
        ts: Date.now() - 2 * DAY,
        referrer: 'https://www.google.com/',
      }),
      landing(visitorId, `https://shop.test/?ocxid=${spring.ocxid}&utm_source=google&utm_medium=Search`, {
        purchase: { value: 30 },
      }),
    ]);
    expect(path.touchpoints.map((p) => [p.channel, p.campaignId])).toEqual([
      ['organic', null],
      ['paid', spring.id],
    ]);
    const [organic, campaign] = path.touchpoints;
    expect([organic?.credits.first_touch, campaign?.credits.first_touch]).toEqual([1, 0]);
    expect([organic?.credits.last_touch, campaign?.credits.last_touch]).toEqual([0, 1]);
    expect([organic?.credits.linear, campaign?.credits.linear]).toEqual([0.5, 0.5]);
    expect(campaign?.values.linear).toBe(15);
  });

  it('counts a valid click id after a malformed one, and the entrance as paid', async () => {
    const visitorId = trackerId('clickid');
    const { path } = await purchaseAfter(visitorId, [
      landing(visitorId, 'https://shop.test/?gclid=bad.value&fbclid=IwAR0abc', { purchase: { value: 1 } }),
    ]);
    expect(path.touchpoints.map((p) => p.channel)).toEqual(['paid']);
  });

  it('classifies an app referrer by its package: Gmail is email, with the package as its source', async () => {
    const visitorId = trackerId('gmail');
    const { path } = await purchaseAfter(visitorId, [
      landing(visitorId, 'https://shop.test/', {
        referrer: 'android-app://com.google.android.gm/',
        purchase: { value: 1 },
      }),
    ]);
    expect(path.touchpoints.map((p) => [p.channel, p.source])).toEqual([['email', 'com.google.android.gm']]);
  });

  it('gives position based, U-shaped and W-shaped their own weights: three columns, edited apart', async () => {
    const [a, b] = [
      await api.campaign({ name: 'W one', network: 'Google Ads', source: 'Search' }),
      await api.campaign({ name: 'W two', network: 'Facebook', source: 'Social' }),
    ];
    const visitorId = trackerId('three');
    const now = Date.now();
    const { path } = await purchaseAfter(visitorId, [
      landing(visitorId, `https://shop.test/?ocxid=${a.ocxid}`, { ts: now - 3 * DAY }),
      landing(visitorId, `https://shop.test/?ocxid=${b.ocxid}`, { ts: now - 2 * DAY }),
      landing(visitorId, `https://shop.test/?ocxid=${spring.ocxid}`, { purchase: { value: 100 } }),
    ]);
    const middle = path.touchpoints[1];
    // Defaults (docs/definitions.md#settings-and-defaults): position based and U-shaped 0.4 / 0.2 / 0.4, W-shaped 0.3 / 0.4 / 0.3.
    expect([middle?.credits.position_based, middle?.credits.u_shaped, middle?.credits.w_shaped]).toEqual([
      0.2, 0.2, 0.4,
    ]);
    expect(path.touchpoints.map((p) => p.values.w_shaped)).toEqual([30, 40, 30]);

    // Editing U-shaped leaves the other two as they were: three distinct columns.
    const site = await api.website();
    await api.patchWebsite({
      attribution: {
        ...site.attribution,
        model: 'u_shaped',
        settings: { ...site.attribution.settings, firstWeight: 0.45, middleWeight: 0.1, lastWeight: 0.45 },
      },
    });
    const saved = (await api.website()).attribution.settings.modelWeights;
    expect(saved.u_shaped).toEqual({ firstWeight: 0.45, middleWeight: 0.1, lastWeight: 0.45 });
    expect(saved.position_based).toEqual({ firstWeight: 0.4, middleWeight: 0.2, lastWeight: 0.4 });
    expect(saved.w_shaped).toEqual({ firstWeight: 0.3, middleWeight: 0.4, lastWeight: 0.3 });
    await settle();
    const after = (await api.path(path.conversionId)).touchpoints[1];
    expect([after?.credits.position_based, after?.credits.u_shaped, after?.credits.w_shaped]).toEqual([
      0.2, 0.1, 0.4,
    ]);
    const report = await api.report();
    const middleRow = (model: AttributionModel) =>
      report.models[model].find((r: { campaignId: string }) => r.campaignId === b.id)?.conversions;
    expect(new Set([middleRow('position_based'), middleRow('u_shaped'), middleRow('w_shaped')]).size).toBe(3);
  });

  it('splits value in minor units: every model’s total is the sum of the values in USD, JPY and KWD', async () => {
    const campaigns = [
      await api.campaign({ name: 'Money one', network: 'Google Ads', source: 'Search' }),
      await api.campaign({ name: 'Money two', network: 'Bing Ads', source: 'Search' }),
      await api.campaign({ name: 'Money three', network: 'Facebook', source: 'Social' }),
    ];
    const values = [
      { value: 100, currency: 'USD' },
      { value: 1000, currency: 'JPY' },
      { value: 1.001, currency: 'KWD' },
      { value: 1.005, currency: 'USD' },
    ];
    const now = Date.now();
    for (const purchase of values) {
      const visitorId = trackerId('money');
      await purchaseAfter(
        visitorId,
        campaigns.map((c, i) =>
          landing(visitorId, `https://shop.test/?ocxid=${c.ocxid}`, {
            ts: now - (3 - i) * 3_600_000,
            ...(i === 2 ? { purchase } : {}),
          }),
        ),
      );
    }
    const conversions = (
      await api.get(`/api/conversions?websiteId=${(await api.website()).id}&limit=100`)
    ).json();
    const expected = conversions.reduce(
      (sum: Record<string, number>, c: { value: number | null; currency: string }) =>
        c.value === null ? sum : addAmount(sum, c.currency, c.value),
      {},
    );
    expect(expected).toMatchObject({ JPY: 1000, KWD: 1.001 });
    const report = await api.report();
    for (const model of attributionModels) {
      const total = report.models[model].reduce(
        (sum: Record<string, number>, row: { valueByCurrency: Record<string, number> }) => {
          for (const [currency, amount] of Object.entries(row.valueByCurrency))
            addAmount(sum, currency, amount);
          return sum;
        },
        {},
      );
      expect(total, model).toEqual(expected);
    }
    // 100 USD linearly over three campaigns is 33.34 + 33.33 + 33.33 (not three times 33.33), and
    // 1.005 USD is 1.01 (not 1.00), split 0.34 + 0.34 + 0.33.
    const linear = campaigns.map(
      (c) =>
        report.models.linear.find((r: { campaignId: string }) => r.campaignId === c.id)?.valueByCurrency.USD,
    );
    expect(linear).toEqual([33.68, 33.67, 33.66]);
  });
});
