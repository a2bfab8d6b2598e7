import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { BASE_URL, SHOP_URL } from '../playwright.config';
import { PASSWORD, signUpInBrowser, uniqueEmail } from './helpers';

/** An OCX account with shop.test in consent mode 'require' (the default), a purchase goal and a campaign. */
async function setUpShop(request: APIRequestContext) {
  const headers = { origin: BASE_URL };
  await request.post('/api/auth/sign-up/email', {
    headers,
    data: { email: uniqueEmail('privacy'), password: PASSWORD, name: 'Shop owner', acceptTerms: true },
  });
  const site = await (
    await request.post('/api/websites', { headers, data: { name: 'Shop', rootDomain: 'shop.test' } })
  ).json();
  expect(site.privacy.consentMode).toBe('require');
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
  return {
    siteId: site.id as string,
    campaign,
    events: async (): Promise<{ type: string; name: string | null; visitorId: string }[]> =>
      (await request.get(`/api/websites/${site.id}/events?limit=200`)).json(),
    metrics: async () =>
      (await (await request.get(`/api/websites/${site.id}/campaigns/${campaign.id}`)).json()).metrics,
    dashboard: async () =>
      (await request.get(`/api/analytics/dashboard?websiteId=${site.id}&range=1d`)).json(),
  };
}

/** The tracker's cookies and every storage entry of the shop's origin, read from the browser. */
async function deviceState(page: Page, context: BrowserContext) {
  const cookies = (await context.cookies(SHOP_URL)).map((c) => c.name);
  const storage = await page.evaluate(() => [
    ...Object.keys(localStorage),
    ...Object.keys(sessionStorage).map((k) => `session:${k}`),
  ]);
  return { cookies, storage };
}

const ocx = (page: Page, ...args: unknown[]) =>
  page.evaluate((a) => (window as unknown as { ocx: (...x: unknown[]) => void }).ocx(...a), args);

test.describe("consent mode 'require' on a customer website", () => {
  test.beforeEach(async ({ context }) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': '81.2.69.142' });
  });

  test('without consent nothing is stored on the device, the visit counts and a same-visit conversion is credited', async ({
    page,
    context,
    request,
  }) => {
    const shop = await setUpShop(request);
    await page.goto(shop.campaign.trackedUrl);
    await expect.poll(async () => (await shop.events()).some((e) => e.type === 'pageview')).toBe(true);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect.poll(async () => (await shop.metrics()).conversions).toBe(2);
    await page.goto(`${SHOP_URL}/site/${shop.siteId}/thank-you`);
    await expect.poll(async () => (await shop.dashboard()).totalClicks).toBe(2);

    expect(await deviceState(page, context)).toEqual({ cookies: [], storage: [] });
    const dashboard = await shop.dashboard();
    expect(dashboard.uniqueVisitors).toBe(1);
    expect((await shop.metrics()).revenue).toBeCloseTo(49.9);
  });

  test("after ocx('consent', true) a cookie exists and a conversion two days later credits the consented visit's campaign", async ({
    page,
    context,
    request,
  }) => {
    const shop = await setUpShop(request);
    const twoDaysAgo = Date.now() - 2 * 86_400_000;
    // The visit happens two days ago: the tracker stamps its events with the page's clock.
    await page.clock.install({ time: twoDaysAgo });
    await page.goto(shop.campaign.trackedUrl);
    await expect.poll(async () => (await shop.events()).some((e) => e.type === 'pageview')).toBe(true);
    expect((await deviceState(page, context)).cookies).toEqual([]);

    await ocx(page, 'consent', true);
    await expect
      .poll(async () => (await deviceState(page, context)).cookies.sort())
      .toEqual(['_ocx_s', '_ocx_v']);
    await expect.poll(async () => (await shop.events()).some((e) => e.type === 'consent')).toBe(true);
    const visitorId = (await context.cookies(SHOP_URL)).find((c) => c.name === '_ocx_v')?.value;

    // Today: the order arrives for the same visitor (as a later visit's event would).
    const answer = await request.post('/api/collect', {
      headers: { 'content-type': 'text/plain' },
      data: JSON.stringify({
        site: shop.siteId,
        events: [
          {
            type: 'custom',
            name: 'purchase',
            url: `${SHOP_URL}/site/${shop.siteId}/thank-you`,
            value: 20,
            currency: 'USD',
            visitorId,
            sessionId: 'later-session-1',
            eventId: 'later-purchase-1',
            ts: Date.now(),
          },
        ],
      }),
    });
    expect((await answer.json()).accepted).toBe(1);
    await expect.poll(async () => (await shop.metrics()).conversions).toBe(1);
    expect((await shop.metrics()).revenue).toBeCloseTo(20);
  });

  test("ocx('consent', false) after a grant deletes the cookies and the stored queue", async ({
    page,
    context,
    request,
  }) => {
    const shop = await setUpShop(request);
    await page.goto(`${SHOP_URL}/site/${shop.siteId}/spring`);
    await ocx(page, 'consent', true);
    await expect.poll(async () => (await deviceState(page, context)).cookies.length).toBe(2);
    await ocx(page, 'consent', false);
    await expect.poll(async () => (await deviceState(page, context)).cookies).toEqual([]);
    const { storage } = await deviceState(page, context);
    expect(await page.evaluate(() => localStorage.getItem('_ocx_q'))).toBe('[]');
    expect(storage.filter((k) => k !== '_ocx_q')).toEqual([]);
  });

  test('Consent Mode v2: denied by default stores nothing, then an update to granted through gtag puts the ids on the device', async ({
    page,
    context,
    request,
  }) => {
    const shop = await setUpShop(request);
    // The page's consent manager: Google's gtag snippet with a default of denied, before OCX loads.
    await page.addInitScript(() => {
      const w = window as unknown as { dataLayer: unknown[]; gtag: (...a: unknown[]) => void };
      w.dataLayer = w.dataLayer || [];
      w.gtag = function gtag() {
        // biome-ignore lint/complexity/noArguments: gtag pushes its arguments object, as Google's snippet does.
        w.dataLayer.push(arguments);
      };
      w.gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied' });
    });
    await page.goto(shop.campaign.trackedUrl);
    await expect.poll(async () => (await shop.events()).some((e) => e.type === 'pageview')).toBe(true);
    // The extras (with the consent manager reader) are loaded.
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/x.js'))),
      )
      .toBe(true);
    expect(await deviceState(page, context)).toEqual({ cookies: [], storage: [] });

    await page.evaluate(() =>
      (window as unknown as { gtag: (...a: unknown[]) => void }).gtag('consent', 'update', {
        analytics_storage: 'granted',
      }),
    );
    await expect
      .poll(async () => (await deviceState(page, context)).cookies.sort())
      .toEqual(['_ocx_s', '_ocx_v']);
    await expect.poll(async () => (await shop.events()).some((e) => e.type === 'consent')).toBe(true);
  });

  test('TCF v2.2: a consent manager that refuses purpose 1 withdraws an earlier grant: the cookies go', async ({
    page,
    context,
    request,
  }) => {
    const shop = await setUpShop(request);
    // An earlier grant left the visitor cookie; now the consent manager says purpose 1 is refused.
    await context.addCookies([
      { name: '_ocx_v', value: 'earlier-grant-0001', domain: '.shop.test', path: '/' },
    ]);
    await page.addInitScript(() => {
      (window as unknown as { __tcfapi: unknown }).__tcfapi = (
        command: string,
        _version: number,
        callback: (data: object, ok: boolean) => void,
      ) => {
        if (command === 'addEventListener')
          setTimeout(() =>
            callback({ eventStatus: 'useractioncomplete', purpose: { consents: { 1: false } } }, true),
          );
      };
    });
    await page.goto(`${SHOP_URL}/site/${shop.siteId}/spring`);
    await expect.poll(async () => (await deviceState(page, context)).cookies).toEqual([]);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect.poll(async () => (await shop.events()).some((e) => e.name === 'purchase')).toBe(true);
    const purchase = (await shop.events()).find((e) => e.name === 'purchase');
    expect(purchase?.visitorId).toMatch(/^h\./);
  });

  test('Global Privacy Control: nothing stored even on a website that needs no consent', async ({
    page,
    context,
    request,
  }) => {
    const shop = await setUpShop(request);
    await request.patch(`/api/websites/${shop.siteId}`, {
      headers: { origin: BASE_URL },
      data: { privacy: { consentMode: 'none' } },
    });
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': '81.2.69.142', 'sec-gpc': '1' });
    await page.goto(`${SHOP_URL}/site/${shop.siteId}/spring`);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect.poll(async () => (await shop.events()).some((e) => e.name === 'purchase')).toBe(true);
    expect(await deviceState(page, context)).toEqual({ cookies: [], storage: [] });
  });
});

test('Website Config → Privacy shows the consent mode with a sentence for each and saves a change with the configuration', async ({
  page,
}) => {
  await signUpInBrowser(page);
  await page.evaluate(() =>
    fetch('/api/websites', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Shop', rootDomain: 'shop.test' }),
    }),
  );
  await page.goto('/website-config');
  const section = page.getByRole('region', { name: 'Privacy' });
  await expect(section.getByRole('radio', { name: /Wait for consent/ })).toBeChecked();
  await expect(
    section.getByText(/Nothing is stored on the visitor's device until your site calls/),
  ).toBeVisible();
  const noConsent = section.getByRole('radio', { name: /No consent needed/ });
  await noConsent.check();
  await page.getByRole('button', { name: 'Save Configuration' }).first().click();
  await expect(page.getByText('Configuration saved successfully!')).toBeVisible();
  const [website] = await page.evaluate(() => fetch('/api/websites').then((r) => r.json()));
  expect(website.privacy).toEqual({ consentMode: 'none', respectDnt: false, retentionMonths: 25 });
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Privacy' }).getByRole('radio', { name: /No consent needed/ }),
  ).toBeChecked();
});

test('Website Config → Privacy finds a visitor by user id, exports their data and erases it', async ({
  page,
  context,
}) => {
  const email = await signUpInBrowser(page);
  const site = await page.evaluate(() =>
    fetch('/api/websites', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Shop', rootDomain: 'shop.test', privacy: { consentMode: 'none' } }),
    }).then((r) => r.json()),
  );
  // A visit that identifies itself, in another tab of the same browser.
  const shop = await context.newPage();
  await shop.goto(`${SHOP_URL}/site/${site.id}/spring`);
  await ocx(shop, 'identify', 'customer-9');
  const visitorId = async () => (await context.cookies(SHOP_URL)).find((c) => c.name === '_ocx_v')?.value;
  await expect.poll(visitorId).toBeTruthy();
  await expect
    .poll(async () => (await page.request.get(`/api/websites/${site.id}/visitors?userId=customer-9`)).json())
    .toMatchObject({ visitors: [{ visitorId: await visitorId() }] });
  await shop.close();

  await page.goto('/website-config');
  const section = page.getByRole('region', { name: 'Privacy' });
  await section.getByRole('combobox', { name: 'Find by' }).click();
  await page.getByRole('option', { name: 'User id (identify)' }).click();
  await section.getByRole('textbox', { name: 'Value' }).fill('customer-9');
  await section.getByRole('button', { name: 'Find' }).click();
  const row = section.getByRole('row', { name: new RegExp(String(await visitorId())) });
  await expect(row).toBeVisible();
  const download = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Export JSON' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file, 'utf8'));
  expect(exported.identities).toEqual([expect.objectContaining({ user_id: 'customer-9' })]);
  expect(exported.events.length).toBeGreaterThanOrEqual(2);

  await row.getByRole('button', { name: 'Erase' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(section.getByText('No data is stored for this user id (identify).')).toBeVisible();
  const log = await (await page.request.get(`/api/websites/${site.id}/visitor-erasures`)).json();
  expect(log).toHaveLength(1);
  // The erasure log below: when, who, the visitor id's first characters and what found them, rows.
  const entry = section.getByTestId('erasure-log').getByRole('row').nth(1);
  await expect(entry).toContainText(email);
  await expect(entry).toContainText(`${String(await visitorId()).slice(0, 4)}… (found by user id)`);
  await expect(entry).toContainText(`${log[0].counts.events} event`);
  expect(await entry.textContent()).not.toContain(String(await visitorId()));
  await shoot(page, section.getByText('Erasure log', { exact: true }), 'privacy-erasure-log');
});

/** What a change looks like at 1440 and 390 wide, scrolled to it (kept under test-results/). */
async function shoot(page: Page, target: ReturnType<Page['locator']>, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('the dashboard and Analytics say how many visits had no consent: counted, not attributed across days', async ({
  page,
}) => {
  await signUpInBrowser(page);
  const site = await page.evaluate(() =>
    fetch('/api/websites', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Shop', rootDomain: 'shop.test' }),
    }).then((r) => r.json()),
  );
  // Three visits: two of visitors who consented (the tracker sends their id), one without consent.
  const visit = (n: number, ids: boolean) => ({
    type: 'pageview',
    url: `${SHOP_URL}/site/${site.id}/spring`,
    eventId: `consent-share-${n}`,
    ...(ids ? { visitorId: `consented-visitor-${n}`, sessionId: `consented-session-${n}` } : {}),
  });
  const answer = await page.request.post('/api/collect', {
    headers: { 'content-type': 'text/plain', 'x-forwarded-for': '81.2.69.142' },
    data: JSON.stringify({ site: site.id, events: [visit(1, true), visit(2, true), visit(3, false)] }),
  });
  expect((await answer.json()).accepted).toBe(3);
  const line = '33.3% of visits without consent (1 of 3): counted, not attributed across days.';

  await page.goto('/dashboard');
  const dashboardLine = page.getByTestId('consent-share');
  await expect(dashboardLine).toHaveText(line);
  await expect(
    dashboardLine.getByRole('link', { name: /not attributed across days \(glossary\)/ }),
  ).toBeVisible();
  await shoot(page, dashboardLine, 'dashboard-consent-share');

  await page.goto('/analytics');
  await expect(page.getByTestId('consent-share')).toHaveText(line);
  await shoot(page, page.getByTestId('consent-share'), 'analytics-consent-share');
});
