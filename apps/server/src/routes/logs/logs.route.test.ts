import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type SignedIn, signUp, stores, type TestApp } from '../../test/test-app';
import {
  CHROME_UA,
  collectEvents,
  IPHONE_UA,
  pageview,
  trackedSite,
  trackerId,
} from '../../test/tracked-site.fixture';

const DAY = 86_400_000;

describe.each(stores)('clicks and conversions API on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let siteId: string;
  let otherSiteId: string;
  let campaign: { id: string; ocxid: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ owner, siteId, campaign } = await trackedSite(t.app));
    stranger = await signUp(t.app);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/websites',
      headers: as(owner),
      payload: { name: 'Second', rootDomain: 'second.test' },
    });
    otherSiteId = second.json().id;
    const now = Date.now();
    const visit = (site: string, host: string, n: number, extra: Record<string, unknown>, ua = CHROME_UA) =>
      collectEvents(
        t.app,
        site,
        [
          pageview({
            visitorId: trackerId('v'),
            sessionId: trackerId('s'),
            url: `https://${host}/p${n}`,
            ts: now - n * 60_000,
            ...extra,
          }),
        ],
        { 'user-agent': ua },
      );
    for (let n = 0; n < 12; n++)
      await visit(
        siteId,
        'shop.test',
        n,
        n % 3 === 0
          ? { url: `https://shop.test/p${n}?ocxid=${campaign.ocxid}&utm_source=google&utm_medium=cpc` }
          : {},
      );
    await visit(
      siteId,
      'shop.test',
      20,
      { url: 'https://shop.test/old?utm_source==HYPERLINK("x")&utm_medium=email', ts: now - 5 * DAY },
      IPHONE_UA,
    );
    await visit(siteId, 'shop.test', 30, { ts: now - 6 * DAY });
    await visit(otherSiteId, 'second.test', 1, {});
    await collectEvents(t.app, siteId, [
      { ...pageview(), type: 'custom', name: 'purchase', value: 9.5, currency: 'EUR' },
    ]);
    // With ClickHouse the logs read its copies: the background pass brings them up to date.
    await t.app.services.background.settle();
  });
  afterAll(() => t.close());

  function get(user: SignedIn | null, url: string) {
    return t.app.inject({ method: 'GET', url, headers: as(user) });
  }

  it('lists clicks newest first in the spec shape, with the total in X-Total-Count, a page at a time', async () => {
    const page = await get(owner, `/api/clicks?websiteId=${siteId}&limit=5&offset=0`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('15');
    const rows = page.json();
    expect(rows).toHaveLength(5);
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        'browser',
        'campaign_id',
        'campaign_name',
        'channel',
        'click_id',
        'click_id_type',
        'country',
        'created_at',
        'device_type',
        'id',
        'ip_address',
        'landing_page',
        'medium',
        'os',
        'referrer',
        'source',
        'utm_campaign',
        'utm_medium',
        'utm_source',
        'visitor_id',
        'website_id',
      ].sort(),
    );
    const times = rows.map((r: { created_at: string }) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const next = (await get(owner, `/api/clicks?websiteId=${siteId}&limit=5&offset=5`)).json();
    expect(
      next
        .map((r: { id: string }) => r.id)
        .some((id: string) => rows.some((r: { id: string }) => r.id === id)),
    ).toBe(false);
  });

  it('filters by campaign, source, medium and dates', async () => {
    const byCampaign = await get(owner, `/api/clicks?websiteId=${siteId}&campaign=${campaign.id}`);
    expect(byCampaign.headers['x-total-count']).toBe('4');
    expect(
      byCampaign
        .json()
        .every(
          (r: { campaign_name: string; source: string; medium: string }) =>
            r.campaign_name === 'Spring' && r.source === 'google' && r.medium === 'cpc',
        ),
    ).toBe(true);
    expect((await get(owner, `/api/clicks?websiteId=${siteId}&campaign=none`)).headers['x-total-count']).toBe(
      '11',
    );
    expect((await get(owner, `/api/clicks?websiteId=${siteId}&medium=email`)).json()).toHaveLength(1);
    const since = new Date(Date.now() - 2 * DAY).toISOString();
    expect(
      (await get(owner, `/api/clicks?websiteId=${siteId}&startDate=${since}`)).headers['x-total-count'],
    ).toBe('13');
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (
        await get(
          owner,
          `/api/clicks?websiteId=${siteId}&startDate=${new Date(Date.now() - 365 * DAY).toISOString().slice(0, 10)}&endDate=${today}`,
        )
      ).headers['x-total-count'],
    ).toBe('15');
    expect(
      (await get(owner, `/api/clicks?websiteId=${siteId}&startDate=2020-01-01&endDate=2020-01-02`)).json(),
    ).toEqual([]);
  });

  it('offers the distinct campaigns, sources and mediums in range for the filter selects', async () => {
    const facets = (await get(owner, `/api/clicks/facets?websiteId=${siteId}`)).json();
    expect(facets.campaigns).toEqual(
      expect.arrayContaining([
        { id: campaign.id, name: 'Spring' },
        { id: null, name: null },
      ]),
    );
    expect(facets.mediums).toEqual(['cpc', 'email']);
  });

  it('lists conversions in the spec shape and their goals', async () => {
    const conversions = (await get(owner, `/api/conversions?websiteId=${siteId}`)).json();
    expect(conversions[0]).toMatchObject({
      goal_name: 'Purchase',
      value: 9.5,
      currency: 'EUR',
      conversion_type: 'revenue',
      source: 'tracker',
    });
    expect((await get(owner, `/api/conversions/facets?websiteId=${siteId}`)).json().goals).toEqual([
      'Purchase',
    ]);
    expect((await get(owner, `/api/conversions?websiteId=${siteId}&goal=Nope`)).json()).toEqual([]);
  });

  it('lists the clicks of every website of the user for websiteId=all', async () => {
    const all = await get(owner, '/api/clicks?websiteId=all');
    expect(all.headers['x-total-count']).toBe('16');
    expect(new Set(all.json().map((r: { website_id: string }) => r.website_id))).toEqual(
      new Set([siteId, otherSiteId]),
    );
    expect((await get(stranger, '/api/clicks?websiteId=all')).json()).toEqual([]);
  });

  it('exports the clicks as a CSV file named for today, formula cells defused', async () => {
    const res = await get(owner, `/api/clicks/export?websiteId=${siteId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="clicks_export_${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Campaign,Source,Medium,Channel,Landing Page,Referrer,Device,Browser,OS,Country,UTM Source,UTM Medium,UTM Campaign,Click ID,Visitor ID',
    );
    expect(lines).toHaveLength(16);
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).not.toMatch(/,=HYPERLINK/);
  });

  it('exports every row exactly once when the export reads in several chunks', async () => {
    const chunk = t.app.services.logs.exportChunk;
    t.app.services.logs.exportChunk = 4;
    try {
      const csv = (await get(owner, `/api/clicks/export?websiteId=${siteId}`)).body;
      const rows = csv.trimEnd().split('\r\n').slice(1);
      expect(rows).toHaveLength(15);
      expect(new Set(rows).size).toBe(15);
    } finally {
      t.app.services.logs.exportChunk = chunk;
    }
  });

  it('exports conversions with value 0 and currency USD when they are missing', async () => {
    const res = await get(owner, `/api/conversions/export?websiteId=${siteId}`);
    expect(res.headers['content-disposition']).toContain('conversions_export_');
    const [header, row] = res.body.trimEnd().split('\r\n');
    expect(header).toBe('Date,Campaign,Goal,Value,Currency,Type,Visitor ID,Origin,Overlaps With');
    expect(row).toContain(',Purchase,9.5,EUR,revenue,');
  });

  it('refuses a bad date with a clear error', async () => {
    const res = await get(owner, `/api/clicks?websiteId=${siteId}&startDate=yesterday`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('must be an ISO date');
  });

  it('answers 401 without a session and 404 for another user on every log endpoint', async () => {
    for (const url of [
      `/api/clicks?websiteId=${siteId}`,
      `/api/conversions?websiteId=${siteId}`,
      `/api/clicks/facets?websiteId=${siteId}`,
      `/api/conversions/facets?websiteId=${siteId}`,
      `/api/clicks/export?websiteId=${siteId}`,
      `/api/conversions/export?websiteId=${siteId}`,
    ]) {
      expect((await get(null, url)).statusCode, url).toBe(401);
      const res = await get(stranger, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Website not found' });
    }
  });
});
