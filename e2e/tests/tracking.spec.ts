import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { BASE_URL, SHOP_URL } from '../playwright.config';
import { PASSWORD, uniqueEmail } from './helpers';

interface StoredEvent {
  eventId: string;
  type: string;
  name: string | null;
  path: string;
  campaignId: string | null;
  channel: string;
  clickIdType: string | null;
  deviceType: string | null;
  browser: string | null;
  os: string | null;
  country: string | null;
  value: number | null;
  visitorId: string;
}

/** An OCX account with shop.test configured: a click goal, an event goal and a campaign. */
async function setUpShop(request: APIRequestContext) {
  const headers = { origin: BASE_URL };
  await request.post('/api/auth/sign-up/email', {
    headers,
    data: { email: uniqueEmail('tracking'), password: PASSWORD, name: 'Shop owner', acceptTerms: true },
  });
  const site = await (
    await request.post('/api/websites', {
      headers,
      data: { name: 'Shop', rootDomain: 'shop.test', privacy: { consentMode: 'none' } },
    })
  ).json();
  await request.post(`/api/websites/${site.id}/goals`, {
    headers,
    data: { name: 'Add to cart', type: 'click', conditions: { selector: '#buy' } },
  });
  await request.post(`/api/websites/${site.id}/goals`, {
    headers,
    data: { name: 'Purchase', type: 'event', conditions: { event: 'purchase' } },
  });
  const campaign = await (
    await request.post(`/api/websites/${site.id}/campaigns`, {
      headers,
      data: {
        name: 'Spring',
        network: 'Google Ads',
        source: 'Search',
        landingPage: `${SHOP_URL}/site/${site.id}/spring`,
        utmParams: { source: 'google', medium: 'cpc' },
      },
    })
  ).json();
  const events = async (): Promise<StoredEvent[]> =>
    (await request.get(`/api/websites/${site.id}/events?limit=200`)).json();
  const campaignMetrics = async () =>
    (await (await request.get(`/api/websites/${site.id}/campaigns/${campaign.id}`)).json()).metrics;
  return { siteId: site.id as string, campaign, events, campaignMetrics };
}

async function queued(page: Page): Promise<number> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('_ocx_q') ?? '[]').length);
}

test.describe('tracking on a customer website', () => {
  test.beforeEach(async ({ context }) => {
    // A public client address, so the country can be looked up (the e2e server trusts the proxy header).
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': '81.2.69.142' });
  });

  test('a tracked campaign link stores a pageview and a click with campaign, channel, device, browser and country; goals convert', async ({
    page,
    request,
  }) => {
    const shop = await setUpShop(request);
    await page.goto(`${shop.campaign.trackedUrl}&gclid=EAIaIQobChMI-x_1`);

    await expect.poll(async () => (await shop.events()).filter((e) => e.type === 'pageview').length).toBe(1);
    const [landing] = (await shop.events()).filter((e) => e.type === 'pageview');
    expect(landing).toMatchObject({
      path: `/site/${shop.siteId}/spring`,
      campaignId: shop.campaign.id,
      channel: 'paid',
      clickIdType: 'gclid',
      deviceType: 'desktop',
      browser: 'Chrome',
      os: 'Linux',
      country: 'GB',
    });
    await expect.poll(shop.campaignMetrics).toMatchObject({ clicks: 1, conversions: 0 });

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect.poll(async () => (await shop.campaignMetrics()).conversions).toBe(2);
    const purchase = (await shop.events()).find((e) => e.type === 'custom' && e.name === 'purchase');
    expect(purchase?.value).toBe(49.9);
    expect((await shop.campaignMetrics()).revenue).toBeCloseTo(49.9);
    // Same visitor throughout: one visitor id from the first-party cookie.
    expect(new Set((await shop.events()).map((e) => e.visitorId)).size).toBe(1);
  });

  test('a single-page-app navigation stores a second pageview', async ({ page, request }) => {
    const shop = await setUpShop(request);
    await page.goto(`${SHOP_URL}/site/${shop.siteId}/app`);
    await expect.poll(async () => (await shop.events()).filter((e) => e.type === 'pageview').length).toBe(1);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect
      .poll(async () =>
        (await shop.events())
          .filter((e) => e.type === 'pageview')
          .map((e) => e.path)
          .sort(),
      )
      .toEqual([`/site/${shop.siteId}/app`, `/site/${shop.siteId}/app/checkout`]);
  });

  test('events made while the server cannot be reached arrive once each when it is back', async ({
    page,
    context,
    request,
  }) => {
    const shop = await setUpShop(request);
    await page.goto(`${SHOP_URL}/site/${shop.siteId}/spring`);
    await expect.poll(async () => (await shop.events()).filter((e) => e.type === 'pageview').length).toBe(1);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => queued(page)).toBeGreaterThanOrEqual(2);

    await context.setOffline(false);
    await expect
      .poll(
        async () =>
          (await shop.events()).filter((e) => e.type !== 'pageview' && e.name !== 'page_ready').length,
        { timeout: 20_000 },
      )
      .toBe(2);
    await expect.poll(() => queued(page)).toBe(0);

    // A reload resends anything still queued; nothing may be stored twice.
    await page.reload();
    await expect.poll(async () => (await shop.events()).filter((e) => e.type === 'pageview').length).toBe(2);
    const stored = await shop.events();
    expect(new Set(stored.map((e) => e.eventId)).size).toBe(stored.length);
    expect(stored.filter((e) => e.name === 'purchase')).toHaveLength(1);
  });

  test('events made while the server is down are retried and arrive once each after it is back', async ({
    page,
    request,
  }) => {
    const shop = await setUpShop(request);
    await page.goto(`${SHOP_URL}/site/${shop.siteId}/spring`);
    await expect.poll(async () => (await shop.events()).filter((e) => e.type === 'pageview').length).toBe(1);

    // The collect endpoint refuses connections, as a stopped server does.
    await page.route('**/api/collect', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => queued(page)).toBeGreaterThanOrEqual(2);
    await page.waitForTimeout(2500);
    expect((await shop.events()).filter((e) => e.name === 'purchase')).toHaveLength(0);

    await page.unroute('**/api/collect');
    const made = () =>
      shop.events().then((all) => all.filter((e) => e.type === 'click' || e.name === 'purchase'));
    await expect.poll(async () => (await made()).length, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => queued(page), { timeout: 10_000 }).toBe(0);
    const stored = await shop.events();
    expect(new Set(stored.map((e) => e.eventId)).size).toBe(stored.length);
  });
});
