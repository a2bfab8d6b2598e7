import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, CHROME_UA } from '../playwright.config';
import { PASSWORD, uniqueEmail } from './helpers';
import { orderCountedTwice } from './overlap-helpers';

const MINUTE = 60_000;
const CLIENT = { 'user-agent': CHROME_UA, 'x-forwarded-for': '81.2.69.142', 'content-type': 'text/plain' };
const BUYER = 'buyer1234567890abcdef';

/**
 * An account whose shop has three conversions: a EUR 49.90 purchase by a visitor who came from the
 * Spring campaign (revenue), a newsletter signup (lead) and a download (standard), both direct.
 */
async function setUpShop(page: Page) {
  const headers = { origin: BASE_URL };
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers,
    data: { email: uniqueEmail('conversions'), password: PASSWORD, name: 'Log reader', acceptTerms: true },
  });
  expect(signUp.ok()).toBe(true);
  const site = await (
    await page.request.post('/api/websites', { headers, data: { name: 'Shop', rootDomain: 'shop.test' } })
  ).json();
  for (const [name, event] of [
    ['Purchase', 'purchase'],
    ['Newsletter signup', 'signup'],
    ['Download', 'download'],
  ]) {
    const goal = await page.request.post(`/api/websites/${site.id}/goals`, {
      headers,
      data: { name, type: 'event', conditions: { event } },
    });
    expect(goal.status()).toBe(201);
  }
  const campaign = await (
    await page.request.post(`/api/websites/${site.id}/campaigns`, {
      headers,
      data: {
        name: 'Spring',
        network: 'Google Ads',
        source: 'Search',
        landingPage: 'https://shop.test/spring',
        utmParams: { source: 'google', medium: 'cpc' },
      },
    })
  ).json();

  const now = Date.now();
  const tag = now.toString(36);
  const event = (visitor: string, n: number, minutesAgo: number, fields: Record<string, unknown>) => ({
    visitorId: visitor,
    sessionId: `${visitor}-s`,
    eventId: `${visitor}-e${n}-${tag}`,
    ts: now - minutesAgo * MINUTE,
    ...fields,
  });
  const events = [
    event(BUYER, 1, 10, {
      type: 'pageview',
      url: `https://shop.test/spring?ocxid=${campaign.ocxid}&utm_source=google&utm_medium=cpc`,
    }),
    event(BUYER, 2, 9, {
      type: 'custom',
      name: 'purchase',
      url: 'https://shop.test/cart',
      value: 49.9,
      currency: 'EUR',
    }),
    event(`reader-${tag}`, 1, 8, { type: 'pageview', url: 'https://shop.test/blog' }),
    event(`reader-${tag}`, 2, 7, { type: 'custom', name: 'signup', url: 'https://shop.test/blog' }),
    event(`fetcher-${tag}`, 1, 6, { type: 'pageview', url: 'https://shop.test/docs' }),
    event(`fetcher-${tag}`, 2, 5, { type: 'custom', name: 'download', url: 'https://shop.test/docs' }),
  ];
  const answer = await page.request.post('/api/collect', {
    headers: CLIENT,
    data: JSON.stringify({ site: site.id, events }),
  });
  expect(await answer.json()).toEqual({ accepted: events.length, dropped: [] });
  return { siteId: site.id as string };
}

const table = (page: Page) => page.getByTestId('conversions-table');
const row = (page: Page, goal: string) => table(page).locator('tbody tr').filter({ hasText: goal });
const showing = (page: Page) => page.getByTestId('log-showing');
const chip = (page: Page, goal: string, type: string) =>
  row(page, goal).locator('.mantine-Badge-root').filter({ hasText: type });

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('Conversions Log', () => {
  test('shows values in their currency, type chips by colour and visitor ids cut to 8 characters', async ({
    page,
  }) => {
    await setUpShop(page);
    await page.goto('/conversions-log');
    await expect(page.getByRole('heading', { name: 'Conversions Log' })).toBeVisible();
    await expect(showing(page)).toHaveText('Showing 3 of 3 conversions');
    await expect(table(page).getByRole('columnheader')).toHaveText([
      '',
      'Date',
      'Campaign',
      'Goal',
      'Value',
      'Type',
      'Visitor ID',
    ]);

    const purchase = row(page, 'Purchase');
    await expect(purchase).toContainText('Spring');
    await expect(purchase).toContainText('€49.90');
    await expect(chip(page, 'Purchase', 'Revenue')).toHaveAttribute('style', /green/);
    await expect(purchase).toContainText('buyer123…');
    await purchase.getByText('buyer123…').hover();
    await expect(page.getByRole('tooltip')).toHaveText(BUYER);

    const signup = row(page, 'Newsletter signup');
    await expect(signup.getByRole('cell').nth(4)).toHaveText('-');
    await expect(chip(page, 'Newsletter signup', 'Lead')).toHaveAttribute('style', /orange/);
    await expect(signup).toContainText('None');
    await expect(chip(page, 'Download', 'Standard')).toHaveAttribute('style', /blue/);
  });

  test('a conversion expands to its touchpoint path; one campaign touchpoint has 100% under every model', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await setUpShop(page);
    await page.goto('/conversions-log');
    await row(page, 'Purchase').getByRole('button', { name: 'Show touchpoints' }).click();
    const path = page.getByTestId('conversion-path');
    await expect(path).toContainText(
      "1 touchpoint, in time order. Highlighted: your website's model, First touch.",
    );
    const touchpoints = path.getByRole('table', { name: 'Touchpoints' });
    await expect(touchpoints.getByRole('columnheader')).toHaveText([
      '#',
      'Date',
      'Campaign',
      'Channel',
      'Source',
      'Landing Page',
    ]);
    await expect(touchpoints.locator('tbody tr').getByRole('cell')).toHaveText([
      '1',
      /.+/,
      'Spring',
      'Paid',
      'google',
      'https://shop.test/spring',
    ]);
    const credits = path.getByRole('table', { name: 'Credit by model' });
    const headers = credits.getByRole('columnheader');
    await expect(headers).toHaveText([
      '#',
      'First touch',
      'Last touch',
      'Linear',
      'Time decay',
      'Position based',
      'U-shaped',
      'W-shaped',
      'Custom',
    ]);
    await expect(headers.filter({ hasText: 'First touch' })).toHaveAttribute('style', /ocx-light/);
    await expect(headers.filter({ hasText: 'Linear' })).not.toHaveAttribute('style', /ocx-light/);
    await expect(credits.locator('tbody tr').getByRole('cell')).toHaveText([
      '1',
      ...Array.from({ length: 8 }, () => '100%€49.90'),
    ]);
    // At 1440 px the path and the visitor id are whole: nothing scrolls sideways or ends past its card.
    for (const cell of [
      touchpoints.getByRole('columnheader').last(),
      headers.last(),
      row(page, 'Purchase').getByRole('cell').last(),
    ])
      expect(
        await cell.evaluate(
          (el) =>
            el.getBoundingClientRect().right -
            (el.closest('.mantine-Card-root')?.getBoundingClientRect().right ?? 0),
        ),
      ).toBeLessThanOrEqual(0);

    // Clicking the row again folds it.
    await row(page, 'Purchase').first().click();
    await expect(path).toBeHidden();
  });

  test('a conversion nothing led to is credited to Direct', async ({ page }) => {
    const { siteId } = await setUpShop(page);
    const { key } = await (
      await page.request.post(`/api/websites/${siteId}/api-keys`, {
        headers: { origin: BASE_URL },
        data: { name: 'Backend' },
      })
    ).json();
    const s2s = await page.request.post('/api/v1/conversions', {
      headers: { authorization: `Bearer ${key}` },
      data: { goal: 'Phone order', value: 12, currency: 'USD', visitorId: 'offline-visitor-1' },
    });
    expect(s2s.status()).toBe(201);

    await page.goto('/conversions-log');
    await expect(showing(page)).toHaveText('Showing 4 of 4 conversions');
    await row(page, 'Phone order').click();
    await expect(page.getByTestId('conversion-path')).toHaveText(
      'No touchpoint led to this conversion: the whole conversion is credited to Direct.',
    );
    await expect(row(page, 'Phone order')).toContainText('$12.00');
  });

  test('the Goal and Campaign filters narrow the rows; Export CSV downloads them', async ({ page }) => {
    await setUpShop(page);
    await page.goto('/conversions-log');
    await expect(showing(page)).toHaveText('Showing 3 of 3 conversions');
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await expect(page.getByRole('combobox', { name: 'Source' })).toHaveCount(0);

    await choose(page, 'Goal', 'Download');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(showing(page)).toHaveText('Showing 1 of 1 conversions');

    await choose(page, 'Goal', 'All');
    await choose(page, 'Campaign', 'None');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(showing(page)).toHaveText('Showing 2 of 2 conversions');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(
      `conversions_export_${new Date().toISOString().slice(0, 10)}.csv`,
    );
    const lines = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date,Campaign,Goal,Value,Currency,Type,Visitor ID,Origin,Overlaps With');
    expect(lines.slice(1).map((l) => l.split(',').slice(1, 6).join(','))).toEqual([
      'None,Download,0,USD,standard',
      'None,Newsletter signup,0,USD,lead',
    ]);
  });

  test('Clear Filters lists every conversion again; a range without conversions shows the empty state', async ({
    page,
  }) => {
    await setUpShop(page);
    await page.goto('/conversions-log');
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await choose(page, 'Goal', 'Purchase');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(showing(page)).toHaveText('Showing 1 of 1 conversions');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(showing(page)).toHaveText('Showing 3 of 3 conversions');

    await page.getByLabel('Start Date').fill('2020-01-01');
    await page.getByLabel('End Date').fill('2020-01-02');
    await page.getByRole('button', { name: 'Apply Date Range' }).click();
    await expect(
      page.getByText('No conversions found - Try adjusting your filters or refreshing the data'),
    ).toBeVisible();
  });

  test('the thank-you page that repeats its visit’s purchase is flagged as overlapping with Purchase', async ({
    page,
  }) => {
    const headers = { origin: BASE_URL };
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      headers,
      data: { email: uniqueEmail('overlap'), password: PASSWORD, name: 'Log reader', acceptTerms: true },
    });
    expect(signUp.ok()).toBe(true);
    const site = await (
      await page.request.post('/api/websites', { headers, data: { name: 'Shop', rootDomain: 'shop.test' } })
    ).json();
    await orderCountedTwice(page, site.id);

    await page.goto('/conversions-log');
    await expect(showing(page)).toHaveText('Showing 2 of 2 conversions');
    const thanks = row(page, 'Thank you page');
    await expect(thanks).toContainText('$25.00');
    await expect(thanks.getByTestId('overlap')).toHaveText('overlaps with Purchase');
    // The purchase came first: it is the sale, not the repeat.
    const purchase = table(page)
      .locator('tbody tr')
      .filter({ has: page.getByRole('cell', { name: 'Purchase', exact: true }) });
    await expect(purchase).toContainText('$49.90');
    await expect(purchase.getByTestId('overlap')).toHaveCount(0);
    await thanks.getByTestId('overlap').hover();
    await expect(page.getByRole('tooltip')).toContainText('revenue may count this sale twice');
  });
});
