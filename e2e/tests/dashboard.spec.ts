import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, CHROME_UA } from '../playwright.config';
import { PASSWORD, uniqueEmail } from './helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A public client address (the e2e server trusts X-Forwarded-For). */
const CLIENT = { 'user-agent': CHROME_UA, 'x-forwarded-for': '81.2.69.142', 'content-type': 'text/plain' };

async function post(page: Page, path: string, data: unknown) {
  const answer = await page.request.post(path, { headers: { origin: BASE_URL }, data });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return answer.json();
}

interface Hit {
  path: string;
  referrer?: string;
  minutesAgo: number;
  type?: 'pageview' | 'custom';
}

/** One visitor's session, sent through the collect endpoint with timestamps in the past. */
async function visit(page: Page, siteId: string, visitor: string, hits: Hit[]) {
  const now = Date.now();
  const id = `${visitor}${siteId.slice(0, 8)}`.replace(/[^A-Za-z0-9]/g, '');
  const events = hits.map((h, i) => ({
    type: h.type ?? 'pageview',
    ...(h.type === 'custom' ? { name: 'purchase', value: 50, currency: 'USD' } : {}),
    url: `https://shop.test${h.path}`,
    ...(h.referrer ? { referrer: h.referrer } : {}),
    visitorId: `visitor-${id}`,
    sessionId: `session-${id}`,
    eventId: `event-${id}-${i}`,
    ts: now - h.minutesAgo * MINUTE,
  }));
  const answer = await page.request.post('/api/collect', {
    headers: CLIENT,
    data: JSON.stringify({ site: siteId, events }),
  });
  expect(await answer.json()).toEqual({ accepted: hits.length, dropped: [] });
}

/**
 * Six visitors within the last 7 days (10 pageviews, 5 paths, one of each channel), a tracked
 * purchase, and three server-to-server conversions: 3, 20 and 45 days ago. Collect moves
 * timestamps older than 7 days to now, so the older data that tells the ranges apart are those
 * conversions (the API keeps their time): 2, 3 and 4 conversions in 7 days, 30 days, all time.
 */
async function setUpShop(page: Page) {
  await post(page, '/api/auth/sign-up/email', {
    email: uniqueEmail('dash'),
    password: PASSWORD,
    name: 'Dashboard reader',
    acceptTerms: true,
  });
  const site = await post(page, '/api/websites', { name: 'Dash Shop', rootDomain: 'shop.test' });
  await post(page, `/api/websites/${site.id}/goals`, {
    name: 'Purchase',
    type: 'event',
    conditions: { event: 'purchase' },
    value: 50,
  });
  const spring = await post(page, `/api/websites/${site.id}/campaigns`, {
    name: 'Spring',
    network: 'Google Ads',
    source: 'Search',
    landingPage: 'https://shop.test/pricing',
    utmParams: { source: 'google', medium: 'cpc' },
  });
  await visit(page, site.id, 'a', [
    { path: `/pricing?ocxid=${spring.ocxid}&utm_source=google&utm_medium=cpc`, minutesAgo: 3 },
    { path: '/pricing#plans', minutesAgo: 2 },
    { path: '/checkout', minutesAgo: 1 },
    { path: '/checkout', minutesAgo: 1, type: 'custom' },
  ]);
  await visit(page, site.id, 'b', [
    { path: '/', referrer: 'https://www.google.com/', minutesAgo: 120 },
    { path: '/pricing', minutesAgo: 118 },
  ]);
  await visit(page, site.id, 'c', [
    { path: '/blog', referrer: 'https://facebook.com/', minutesAgo: 3 * 24 * 60 },
  ]);
  await visit(page, site.id, 'd', [
    { path: '/', referrer: 'https://news.example.org/post', minutesAgo: 4 * 24 * 60 },
  ]);
  await visit(page, site.id, 'e', [
    { path: '/newsletter-offer?utm_source=newsletter&utm_medium=email', minutesAgo: 5 * 24 * 60 },
  ]);
  await visit(page, site.id, 'f', [
    { path: '/', minutesAgo: 6 * 24 * 60 },
    { path: '/blog', minutesAgo: 6 * 24 * 60 - 2 },
  ]);
  const { key } = await post(page, `/api/websites/${site.id}/api-keys`, { name: 'Backend' });
  // A server may date a conversion back at most 7 days (docs/definitions.md#conversions, like collect's ts): one order
  // two hours ago (inside 1 Day), one three days ago (inside 7 Days only).
  for (const hoursAgo of [2, 72]) {
    const s2s = await page.request.post('/api/v1/conversions', {
      headers: { authorization: `Bearer ${key}` },
      data: {
        goal: 'Phone order',
        value: 10,
        visitorId: `offline-${hoursAgo}`,
        ts: Date.now() - hoursAgo * HOUR,
      },
    });
    expect(s2s.status()).toBe(201);
  }
  return site.id as string;
}

const card = (page: Page, label: string) => page.getByTestId(`card-${label}`);

async function expectCards(page: Page, conversionRate: string) {
  await expect(card(page, 'Total Clicks')).toContainText('10');
  await expect(card(page, 'Unique Visitors')).toContainText('6');
  await expect(card(page, 'Pages Visited')).toContainText('5');
  await expect(card(page, 'Conversion Rate')).toContainText(conversionRate);
}

async function expectPanels(page: Page) {
  // The series is drawn on a canvas; its label says what it shows.
  const plot = page.getByTestId('series-plot');
  await expect(plot).toHaveAttribute('aria-label', /10 clicks and 6 visitors in the range/);
  await expect(plot.locator('canvas')).toBeVisible();
  const rows = page.getByTestId('top-pages').locator('tbody tr');
  await expect(rows).toHaveText([
    /^1\/330\.0%$/,
    /^2\/pricing330\.0%$/,
    /^3\/blog220\.0%$/,
    /^4\/checkout110\.0%$/,
    /^5\/newsletter-offer110\.0%$/,
  ]);
  // Visitors per referrer, the Referrers tab's rows: most visitors, then most page views first.
  await expect(page.getByTestId('top-referrers').locator('tbody tr')).toHaveText([
    '1www.google.com1',
    '2facebook.com1',
    '3news.example.org1',
  ]);
  for (const channel of ['direct', 'organic', 'social', 'email', 'referral', 'paid'])
    await expect(page.getByTestId(`channel-${channel}`).getByTestId('channel-count')).toHaveText('1');
}

test.describe('Analytics Dashboard', () => {
  test('shows the known visits in every range, and which share of the visitors converted', async ({
    page,
  }) => {
    const siteId = await setUpShop(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
    await expect(page.getByText('Dash Shop', { exact: true }).first()).toBeVisible();
    const range = page.getByRole('radiogroup', { name: 'Time range' });
    await expect(range.getByRole('radio', { name: '7 Days' })).toBeChecked();

    // 7 days: 1 of the 6 visitors converted (a's purchase). The orders 2 hours and 3 days ago
    // name visitors who never visited, so they are conversions but not converted visitors.
    await expectCards(page, '16.7%');
    await expect(card(page, 'Conversion Rate').getByTestId('card-unit')).toHaveText(
      '1 of 6 visitors converted',
    );
    await expect(card(page, 'Total Clicks').getByTestId('card-unit')).toHaveText('page views');
    await expectPanels(page);
    await expect(page.getByTestId('live-visitors')).toHaveText('1 visitor in the last 5 minutes');
    // Compared with the 7 days before (collect keeps no older visit): each card says so.
    await expect(card(page, 'Total Clicks').getByTestId('period-change')).toHaveText(
      '▲ none in the previous 7 days',
    );
    await expect(card(page, 'Conversion Rate').getByTestId('period-change')).toHaveText(
      '▲ +16.7 pts vs previous 7 days',
    );

    // The last 24 hours (the API's 1d; the switch offers 7, 30 days and all): the purchase and the
    // order 2 hours ago in the 5 clicks of visits a and b; a, 1 of those 2 visitors, converted.
    const day = await (
      await page.request.get(`/api/analytics/dashboard?websiteId=${siteId}&range=1d`)
    ).json();
    expect([day.totalClicks, day.conversions, day.convertedVisitors, day.conversionRate]).toEqual([
      5, 2, 1, 50,
    ]);

    await range.getByText('30 Days').click();
    await expectCards(page, '16.7%');
    await expectPanels(page);

    await range.getByText('All Time').click();
    await expectCards(page, '16.7%');
    await expectPanels(page);
    // All time has no period before it.
    await expect(page.getByTestId('period-change')).toHaveCount(0);
  });

  test('a referrer, a page or a channel clicked filters the whole dashboard, kept in the address', async ({
    page,
  }) => {
    await setUpShop(page);
    await page.goto('/dashboard');
    const value = (label: string) => card(page, label).getByTestId('card-value');
    await expect(value('Total Clicks')).toHaveText('10');

    // Visitor b came from Google and viewed / and /pricing.
    await page
      .getByTestId('top-referrers')
      .getByRole('button', { name: 'Filter by referrer www.google.com' })
      .click();
    await expect(page.getByTestId('filter-chips')).toContainText('Referrer: www.google.com');
    await expect(page).toHaveURL(/[?&]referrer=www\.google\.com/);
    await expect(value('Total Clicks')).toHaveText('2');
    await expect(value('Unique Visitors')).toHaveText('1');
    await expect(page.getByTestId('top-pages').locator('tbody tr')).toHaveText([
      /^1\/150\.0%$/,
      /^2\/pricing150\.0%$/,
    ]);
    await expect(page.getByTestId('channel-organic').getByTestId('channel-count')).toHaveText('1');
    await expect(page.getByTestId('channel-direct').getByTestId('channel-count')).toHaveText('0');
    // The breakdowns follow the same filter.
    await page.getByTestId('breakdowns').scrollIntoViewIfNeeded();
    const channels = page.getByTestId('breakdown-channel').locator('tbody tr');
    await expect(channels).toHaveCount(1);
    await expect(channels).toContainText('Organic');

    await page.getByRole('button', { name: 'Remove filter Referrer: www.google.com' }).click();
    await expect(value('Total Clicks')).toHaveText('10');
    await expect(page.getByTestId('filter-chips')).toHaveCount(0);

    // Sessions that viewed /blog: c (/blog) and f (/ then /blog); then only the direct one of them.
    await page.getByTestId('top-pages').getByRole('button', { name: 'Filter by page /blog' }).click();
    await expect(value('Total Clicks')).toHaveText('3');
    await expect(value('Unique Visitors')).toHaveText('2');
    await page
      .getByTestId('channel-direct')
      .getByRole('button', { name: 'Filter by channel Direct' })
      .click();
    await expect(value('Total Clicks')).toHaveText('2');
    await expect(page.getByTestId('filter-chips')).toContainText('Page: /blog');
    await expect(page.getByTestId('filter-chips')).toContainText('Channel: Direct');

    // A reload (or a shared address) keeps the filters.
    await page.reload();
    await expect(value('Total Clicks')).toHaveText('2');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(value('Total Clicks')).toHaveText('10');
  });

  test('credits conversions per campaign under the chosen model, and refreshes on demand', async ({
    page,
  }) => {
    const siteId = await setUpShop(page);
    // Credits are computed right after a conversion is stored; wait for all three.
    await expect
      .poll(async () => {
        const report = await (
          await page.request.get(`/api/reports/attribution?websiteId=${siteId}&startDate=1970-01-01`)
        ).json();
        return report.models.first_touch.reduce(
          (sum: number, r: { conversions: number }) => sum + r.conversions,
          0,
        );
      })
      .toBeCloseTo(3);
    await page.goto('/dashboard');
    // Below the fold: the section renders when its place comes near the window.
    await page.getByTestId('attribution-section').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('attribution-info')).toContainText('Viewing data with first attribution');
    await expect(page.getByTestId('campaign-credits').locator('tbody tr')).toHaveText([
      // No spend entered: Cost, CPA and ROAS are dashes.
      'No campaign (any channel)2$20.00———',
      'Spring1$50.00———',
    ]);
    await page.getByRole('combobox', { name: 'Attribution model', exact: true }).click();
    await page.getByRole('option', { name: 'Linear', exact: true }).click();
    await expect(page.getByTestId('attribution-info')).toContainText('Viewing data with linear attribution');
    await expect(page.getByTestId('attribution-info')).toContainText('Credit is split equally');

    // A new visit shows up after Refresh Data.
    await visit(page, siteId, 'g', [{ path: '/new-page', minutesAgo: 0 }]);
    // Held until 'Refreshing...' has been seen while the request runs, then let through.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/analytics/dashboard**', async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await expect(page.getByRole('button', { name: 'Refreshing...' })).toBeDisabled();
    release();
    await expect(page.getByRole('button', { name: 'Refresh Data' })).toBeEnabled();
    await expect(card(page, 'Total Clicks')).toContainText('11');
    await expect(page.getByTestId('live-visitors')).toHaveText('2 visitors in the last 5 minutes');

    // A campaign's name filters the dashboard by it: visitor a's session, 3 page views.
    await page.getByRole('button', { name: 'Filter by campaign Spring' }).click();
    await expect(page.getByTestId('filter-chips')).toContainText('Campaign: Spring');
    await expect(card(page, 'Total Clicks').getByTestId('card-value')).toHaveText('3');
  });

  test('a website without visits shows zeros and the empty texts', async ({ page }) => {
    await post(page, '/api/auth/sign-up/email', {
      email: uniqueEmail('dash-empty'),
      password: PASSWORD,
      name: 'New user',
      acceptTerms: true,
    });
    await post(page, '/api/websites', { name: 'Quiet Shop', rootDomain: 'quiet.test' });
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-empty')).toBeVisible();
    await expect(card(page, 'Total Clicks')).toContainText('0');
    await expect(card(page, 'Conversion Rate')).toContainText('0.0%');
    await expect(page.getByText('No page data available')).toBeVisible();
    await expect(page.getByText('No referrer data available')).toBeVisible();
  });

  test('a failing dashboard request says why', async ({ page }) => {
    await post(page, '/api/auth/sign-up/email', {
      email: uniqueEmail('dash-error'),
      password: PASSWORD,
      name: 'Unlucky',
      acceptTerms: true,
    });
    await post(page, '/api/websites', { name: 'Broken Shop', rootDomain: 'broken.test' });
    // The query client tries a failing request three times, with a growing pause between (app.tsx):
    // the test waits for the third answer, not for a clock that a busy machine stretches.
    let failures = 0;
    let lastFailure: () => void = () => {};
    const allFailed = new Promise<void>((resolve) => {
      lastFailure = resolve;
    });
    await page.route('**/api/analytics/dashboard**', async (route) => {
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"database is locked"}',
      });
      if (++failures === 3) lastFailure();
    });
    await page.goto('/dashboard');
    await allFailed;
    await expect(page.getByText('Failed to update analytics: database is locked')).toBeVisible();
  });
});
