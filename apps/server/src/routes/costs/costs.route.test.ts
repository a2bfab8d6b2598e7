import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributionCalls, DAY, landing, settleCrediting } from '../../test/attribution.fixture';
import { as, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';
import { trackedSite } from '../../test/tracked-site.fixture';

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** A Google Ads daily campaign report as the platform downloads it (title and date lines, totals). */
const googleReport = (rows: [day: string, campaign: string, cost: string][]) =>
  [
    'Campaign report',
    '"All time"',
    'Day,Campaign,Currency code,Cost,Impr.,Clicks',
    ...rows.map(([day, campaign, cost]) => `${day},${campaign},USD,"${cost}",100,10`),
    'Total: Account,--,USD,--,--,--',
  ].join('\r\n');

// Websites are in UTC (the default): a spend day is the UTC date, two and three days back, well
// inside the report's default 30 days whatever the hour the test runs.
describe.each(dialects)('ad spend, CPA and ROAS on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let siteId: string;
  let calls: ReturnType<typeof attributionCalls>;
  let friday: { id: string; ocxid: string };
  let retarget: { id: string; ocxid: string };
  const day1 = isoDay(Date.now() - 3 * DAY);
  const day2 = isoDay(Date.now() - 2 * DAY);

  const post = (user: SignedIn | null, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: as(user), payload });
  const importCsv = (user: SignedIn, site: string, csv: string) =>
    post(user, `/api/websites/${site}/costs/import`, { csv });
  const spendRow = async (model: string, campaignId: string) => {
    const report = await calls.report();
    const row = report.spend.campaigns.find((r: { campaignId: string }) => r.campaignId === campaignId);
    return { cost: row?.cost, ...row?.models[model] };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ owner, siteId } = await trackedSite(t.app));
    stranger = await signUp(t.app);
    calls = attributionCalls(t, owner, siteId);
    friday = await calls.campaign({
      name: 'Black Friday Sale',
      network: 'Google Ads',
      source: 'Search',
      utmParams: { campaign: 'black_friday_sale' },
    });
    retarget = await calls.campaign({ name: 'Retarget', network: 'Facebook Ads', source: 'Feed' });
    // v1: Black Friday first, Retarget last, buys for $100 · v2: Black Friday only, buys for $60.
    const now = Date.now();
    await calls.collect([
      ...landing('visitor-a0001', `https://shop.test/landing?ocxid=${friday.ocxid}`, { ts: now - 2 * DAY }),
      ...landing('visitor-a0001', `https://shop.test/landing?ocxid=${retarget.ocxid}`, {
        ts: now - DAY,
        purchase: { value: 100, currency: 'USD' },
      }),
      ...landing('visitor-b0002', `https://shop.test/landing?ocxid=${friday.ocxid}`, {
        ts: now - DAY,
        purchase: { value: 60, currency: 'USD' },
      }),
    ]);
    await settleCrediting(t);
  });
  afterAll(() => t.close());

  it('previews a report row by row (matched by utm_campaign or name, unmatched, duplicate) and saves nothing', async () => {
    const csv = googleReport([
      [day1, 'black_friday_sale', '40.00'],
      [day2, 'Black Friday Sale', '40.00'],
      [day2, 'black_friday_sale', '99.00'],
      [day2, 'Not in OCX', '7.00'],
    ]);
    const res = await post(owner, `/api/websites/${siteId}/costs/preview`, { csv });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({ layout: 'google_ads', matched: 2, unmatched: 1, duplicate: 1 });
    expect(
      preview.rows.map((r: { line: number; status: string; campaignId: string | null }) => [
        r.line,
        r.status,
        r.campaignId,
      ]),
    ).toEqual([
      [4, 'matched', friday.id],
      [5, 'matched', friday.id],
      [6, 'duplicate', friday.id],
      [7, 'unmatched', null],
    ]);
    expect((await calls.report()).spend.campaigns).toEqual([]);
  });

  it('imports, then gives exact cost, CPA and ROAS under first touch and last touch', async () => {
    const res = await importCsv(
      owner,
      siteId,
      googleReport([
        [day1, 'black_friday_sale', '40.00'],
        [day2, 'black_friday_sale', '40.00'],
      ]),
    );
    expect(res.json()).toEqual({ saved: 2, replaced: 0, unmatched: 0, duplicate: 0 });
    const manual = await post(owner, `/api/websites/${siteId}/campaigns/${retarget.id}/costs`, {
      startDate: day1,
      endDate: day2,
      amount: 50,
      currency: 'usd',
    });
    expect(manual.json()).toEqual({ saved: 2, replaced: 0, unmatched: 0, duplicate: 0 });
    // First touch: Black Friday has both conversions ($160) · last touch: one each.
    expect(await spendRow('first_touch', friday.id)).toEqual({
      cost: { USD: 80 },
      conversions: 2,
      value: { USD: 160 },
      cpa: { USD: 40 },
      roas: 2,
    });
    expect(await spendRow('first_touch', retarget.id)).toEqual({
      cost: { USD: 50 },
      conversions: 0,
      value: {},
      cpa: {},
      roas: 0,
    });
    expect(await spendRow('last_touch', friday.id)).toEqual({
      cost: { USD: 80 },
      conversions: 1,
      value: { USD: 60 },
      cpa: { USD: 80 },
      roas: 0.75,
    });
    expect(await spendRow('last_touch', retarget.id)).toEqual({
      cost: { USD: 50 },
      conversions: 1,
      value: { USD: 100 },
      cpa: { USD: 50 },
      roas: 2,
    });
    const report = await calls.report();
    expect(report.spend.networks.map((r: { label: string; cost: object }) => [r.label, r.cost])).toEqual([
      ['Google Ads', { USD: 80 }],
      ['Facebook Ads', { USD: 50 }],
    ]);
    expect(
      report.spend.sources.find((r: { label: string }) => r.label === 'Google Ads / Search').models.linear,
    ).toMatchObject({
      conversions: 1.5,
      roas: 1.38,
    });
    // The campaign card: all time, under the website's model (first touch by default).
    const card = (await calls.get(`/api/websites/${siteId}/campaigns/${friday.id}`)).json();
    expect(card.spend).toEqual({ cost: { USD: 80 }, cpa: { USD: 40 }, roas: 2 });
  });

  it('re-importing the same days replaces them, never adds twice', async () => {
    const again = await importCsv(
      owner,
      siteId,
      googleReport([
        [day1, 'black_friday_sale', '40.00'],
        [day2, 'black_friday_sale', '40.00'],
      ]),
    );
    expect(again.json()).toEqual({ saved: 2, replaced: 2, unmatched: 0, duplicate: 0 });
    expect((await spendRow('first_touch', friday.id)).cost).toEqual({ USD: 80 });
    await importCsv(owner, siteId, googleReport([[day2, 'black_friday_sale', '1,000.10']]));
    expect((await spendRow('first_touch', friday.id)).cost).toEqual({ USD: 1040.1 });
    const days = (await calls.get(`/api/websites/${siteId}/campaigns/${friday.id}/costs`)).json();
    expect(days).toEqual([
      { day: day2, amount: 1000.1, currency: 'USD', origin: 'csv' },
      { day: day1, amount: 40, currency: 'USD', origin: 'csv' },
    ]);
    await importCsv(owner, siteId, googleReport([[day2, 'black_friday_sale', '40.00']]));
  });

  it('previews a day already stored as one the import replaces', async () => {
    const csv = googleReport([[day2, 'black_friday_sale', '40.00']]);
    const preview = (await post(owner, `/api/websites/${siteId}/costs/preview`, { csv })).json();
    expect(preview.rows[0]).toMatchObject({ status: 'matched', replaces: true });
  });

  it('imports a long report in one go (more days than one statement holds) and replaces all of them again', async () => {
    const long = await calls.campaign({ name: 'Always On', network: 'Google Ads', source: 'Search' });
    const days = Array.from({ length: 450 }, (_, i) => isoDay(Date.parse('2024-01-01') + i * DAY));
    const csv = googleReport(days.map((d) => [d, 'Always On', '1.00']));
    expect((await importCsv(owner, siteId, csv)).json()).toEqual({
      saved: 450,
      replaced: 0,
      unmatched: 0,
      duplicate: 0,
    });
    expect((await importCsv(owner, siteId, csv)).json()).toEqual({
      saved: 450,
      replaced: 450,
      unmatched: 0,
      duplicate: 0,
    });
    const stored = (await calls.get(`/api/websites/${siteId}/campaigns/${long.id}`)).json();
    expect(stored.spend.cost).toEqual({ USD: 450 });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/websites/${siteId}/campaigns/${long.id}`,
      headers: as(owner),
    });
  });

  it('deletes a campaign’s spend with the campaign', async () => {
    const gone = await calls.campaign({ name: 'Short Lived', network: 'Google Ads', source: 'Search' });
    await post(owner, `/api/websites/${siteId}/campaigns/${gone.id}/costs`, {
      startDate: day1,
      endDate: day1,
      amount: 3,
      currency: 'USD',
    });
    expect((await calls.report()).spend.campaigns.map((r: { campaignId: string }) => r.campaignId)).toContain(
      gone.id,
    );
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/websites/${siteId}/campaigns/${gone.id}`,
      headers: as(owner),
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await calls.report()).spend.campaigns.map((r: { campaignId: string }) => r.campaignId),
    ).not.toContain(gone.id);
  });

  it('refuses a malformed file with its line number and saves none of it', async () => {
    const csv = googleReport([
      [day1, 'black_friday_sale', '1.00'],
      [day2, 'black_friday_sale', 'forty'],
    ]);
    const res = await importCsv(owner, siteId, csv);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Line 5: "forty" in the Cost column is not an amount',
      field: 'csv',
    });
    expect((await spendRow('first_touch', friday.id)).cost).toEqual({ USD: 80 });
  });

  it('never matches another user’s campaign, and another user cannot read or write this website’s spend', async () => {
    const theirs = await post(stranger, '/api/websites', { name: 'Theirs', rootDomain: 'theirs.test' });
    const theirSite = theirs.json().id;
    const res = await importCsv(
      stranger,
      theirSite,
      googleReport([
        [day1, 'black_friday_sale', '5.00'],
        [day1, 'Black Friday Sale', '5.00'],
      ]),
    );
    expect(res.json()).toEqual({ saved: 0, replaced: 0, unmatched: 2, duplicate: 0 });
    for (const url of [`/api/websites/${siteId}/costs/preview`, `/api/websites/${siteId}/costs/import`])
      expect(
        (await post(stranger, url, { csv: googleReport([[day1, 'black_friday_sale', '5.00']]) })).statusCode,
      ).toBe(404);
    const manual = await post(stranger, `/api/websites/${siteId}/campaigns/${friday.id}/costs`, {
      startDate: day1,
      endDate: day1,
      amount: 5,
      currency: 'USD',
    });
    expect(manual.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/websites/${siteId}/campaigns/${friday.id}/costs`,
          headers: as(stranger),
        })
      ).statusCode,
    ).toBe(404);
    // The stranger's campaign id under the stranger's website is not found on this one either.
    const own = await post(stranger, `/api/websites/${theirSite}/campaigns/${friday.id}/costs`, {
      startDate: day1,
      endDate: day1,
      amount: 5,
      currency: 'USD',
    });
    expect(own.statusCode).toBe(404);
    expect((await spendRow('first_touch', friday.id)).cost).toEqual({ USD: 80 });
    expect((await post(null, `/api/websites/${siteId}/costs/preview`, { csv: 'x' })).statusCode).toBe(401);
  });

  it('takes spend from a script with the website’s API key, only for that website’s campaigns', async () => {
    const key = await calls.apiKey();
    const api = (k: string | null, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/costs',
        headers: k ? { authorization: `Bearer ${k}` } : {},
        payload,
      });
    const other = await trackedSite(t.app);
    const body = {
      costs: [
        { campaign: retarget.ocxid, date: day1, amount: 20, currency: 'EUR' },
        { campaign: other.campaign.id, date: day1, amount: 9, currency: 'USD' },
      ],
    };
    expect((await api(null, body)).statusCode).toBe(401);
    expect((await api('ocx_not-a-real-key-000000000000000000', body)).statusCode).toBe(401);
    const res = await api(key, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      saved: 1,
      replaced: 1,
      unmatched: [{ index: 1, campaign: other.campaign.id }],
    });
    const otherReport = (
      await t.app.inject({
        method: 'GET',
        url: `/api/reports/attribution?websiteId=${other.siteId}`,
        headers: as(other.owner),
      })
    ).json();
    expect(otherReport.spend.campaigns).toEqual([]);
    // Retarget now has $25 and €20: both shown, no ROAS; CPA per cost currency.
    expect(await spendRow('last_touch', retarget.id)).toMatchObject({
      cost: { USD: 25, EUR: 20 },
      cpa: { USD: 25, EUR: 20 },
      roas: null,
    });
    expect(
      (await api(key, { costs: [{ campaign: 'x', date: '2026-13-01', amount: 1, currency: 'USD' }] })).json(),
    ).toEqual({
      error: 'costs.0.date: Dates are YYYY-MM-DD',
    });
  });
});
