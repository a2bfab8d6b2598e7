import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { createWebsite, sendVisits, setUpShop, signUp } from './log-helpers';

const rows = (page: Page) => page.getByTestId('clicks-table').locator('tbody tr');
const showing = (page: Page) => page.getByTestId('log-showing');

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('Clicks Log', () => {
  test('lists the clicks with campaign, source, medium, device and country cells and pages them on the server', async ({
    page,
  }) => {
    await setUpShop(page);
    await page.goto('/clicks-log');
    await expect(page.getByRole('heading', { name: 'Clicks Log' })).toBeVisible();
    await expect(showing(page)).toHaveText('Showing 10 of 12 clicks');
    await expect(rows(page)).toHaveCount(10);

    // Newest first: the three Spring clicks, then Summer, then direct ones.
    const first = rows(page).first();
    for (const cell of ['Spring', 'google', 'cpc', 'https://shop.test/spring-1', 'Desktop', 'GB']) {
      await expect(first).toContainText(cell);
    }
    await expect(rows(page).nth(3)).toContainText('Summer');
    await expect(rows(page).nth(3)).toContainText('paid_social');
    const direct = rows(page).nth(5);
    await expect(direct.getByRole('cell')).toHaveText([
      /.+/,
      'None',
      'None',
      'None',
      /home-6/,
      'Desktop',
      'GB',
    ]);
    await first.getByText('Desktop').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Chrome / Linux');

    await page.getByLabel('Rows per page').click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    await expect(showing(page)).toHaveText('Showing 5 of 12 clicks');
    await page.getByRole('button', { name: '3', exact: true }).click();
    await expect(showing(page)).toHaveText('Showing 2 of 12 clicks');
    await expect(rows(page).last()).toContainText('home-12');

    // A new page size starts again at the first page.
    await page.getByLabel('Rows per page').click();
    await page.getByRole('option', { name: '25', exact: true }).click();
    await expect(showing(page)).toHaveText('Showing 12 of 12 clicks');
    await expect(rows(page).first()).toContainText('Spring');
  });

  test('Apply Filters narrows the rows on the server; Clear Filters shows them all again', async ({
    page,
  }) => {
    await setUpShop(page);
    await page.goto('/clicks-log');
    await expect(showing(page)).toHaveText('Showing 10 of 12 clicks');
    await page.getByRole('button', { name: 'Show Filters' }).click();

    await choose(page, 'Campaign', 'Spring');
    await expect(showing(page)).toHaveText('Showing 10 of 12 clicks'); // not before Apply Filters
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(showing(page)).toHaveText('Showing 3 of 3 clicks');
    await expect(rows(page).filter({ hasText: 'Spring' })).toHaveCount(3);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(showing(page)).toHaveText('Showing 10 of 12 clicks');
    await expect(page.getByRole('combobox', { name: 'Campaign', exact: true })).toHaveValue('All');

    await choose(page, 'Campaign', 'None');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(showing(page)).toHaveText('Showing 7 of 7 clicks');

    await choose(page, 'Campaign', 'All');
    await choose(page, 'Medium', 'paid_social');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(showing(page)).toHaveText('Showing 2 of 2 clicks');
    await expect(rows(page).filter({ hasText: 'Summer' })).toHaveCount(2);
  });

  test('Apply Date Range clears the filters; a range without clicks shows the empty state', async ({
    page,
  }) => {
    await setUpShop(page);
    await page.goto('/clicks-log');
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await choose(page, 'Medium', 'paid_social');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(showing(page)).toHaveText('Showing 2 of 2 clicks');

    await page.getByRole('button', { name: 'Apply Date Range' }).click();
    await expect(showing(page)).toHaveText('Showing 10 of 12 clicks');
    await expect(page.getByRole('combobox', { name: 'Medium', exact: true })).toHaveValue('All');

    // A range without clicks: the empty state.
    await page.getByLabel('Start Date').fill('2020-01-01');
    await page.getByLabel('End Date').fill('2020-01-31');
    await page.getByRole('button', { name: 'Apply Date Range' }).click();
    await expect(
      page.getByText('No clicks found - Try adjusting your filters or refreshing the data'),
    ).toBeVisible();
    await expect(showing(page)).toHaveText('Showing 0 of 0 clicks');
  });

  test('Export CSV downloads the filtered clicks as clicks_export_<today>.csv, one line per row', async ({
    page,
  }) => {
    await setUpShop(page);
    await page.goto('/clicks-log');
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await choose(page, 'Source', 'google');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(showing(page)).toHaveText('Showing 3 of 3 clicks');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`clicks_export_${new Date().toISOString().slice(0, 10)}.csv`);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Date,Campaign,Source,Medium,/);
    expect(lines).toHaveLength(4);
    // Same rows, same order: campaign, source, medium, landing page, device and country of each.
    const shown = await rows(page).evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td'))
          .slice(1)
          .map((td) => td.textContent?.trim() ?? ''),
      ),
    );
    // The table says the device class in words ('Desktop'); the CSV keeps the stored value.
    const inWords = (device = '') => device.charAt(0).toUpperCase() + device.slice(1);
    const exported = lines.slice(1).map((line) => {
      const f = line.split(',');
      return [f[1], f[2], f[3], f[5], inWords(f[7]), f[10]];
    });
    expect(exported).toEqual(shown);
    expect(exported.map((r) => r[3])).toEqual([1, 2, 3].map((m) => `https://shop.test/spring-${m}`));
  });

  test('says there is nothing to list: no website, then a website without clicks', async ({ page }) => {
    await signUp(page);
    await page.goto('/clicks-log');
    // A fresh account: the one next step, creating a website, offered as a button; no internal id talk.
    await expect(page.getByRole('heading', { level: 2, name: 'Clicks Log' })).toBeVisible();
    await expect(page.getByText('No Website Selected')).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('No website ID');
    await page.getByRole('main').getByRole('button', { name: 'Create website' }).click();
    const dialog = page.getByRole('dialog', { name: 'New website' });
    await dialog.getByLabel('Website Name').fill('Quiet shop');
    await dialog.getByRole('button', { name: 'Create website' }).click();
    // A website without clicks: the one next step, installing the snippet, as a button.
    await expect(
      page.getByText(/^No visits recorded in this range\. Install the tracking script/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Refresh All' }).click();
    await expect(page.getByText('Showing 0 of 0 clicks')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Install the snippet' }).click();
    await expect(page).toHaveURL(/\/website-config#section-tracking-script$/);
    await expect(page.getByRole('heading', { name: 'Tracking Script' })).toBeInViewport();
  });

  test('a failed load offers Try Again; failed refresh and export say so', async ({ page }) => {
    await setUpShop(page);
    const clicksApi = (url: URL) => url.pathname === '/api/clicks';
    const exportApi = (url: URL) => url.pathname === '/api/clicks/export';
    const fail = {
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Database offline' }),
    };
    await page.route(clicksApi, (route) => route.fulfill(fail));
    await page.goto('/clicks-log');
    await expect(page.getByText('Failed to load clicks: Database offline')).toBeVisible({ timeout: 15_000 });

    await page.unroute(clicksApi);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(showing(page)).toHaveText('Showing 10 of 12 clicks');

    await page.route(clicksApi, (route) => route.fulfill(fail));
    await page.getByRole('button', { name: 'Refresh All' }).click();
    await expect(page.getByText('Failed to refresh clicks. Please try again.')).toBeVisible({
      timeout: 15_000,
    });
    await expect(showing(page)).toHaveText('Showing 10 of 12 clicks'); // the rows already shown stay

    await page.route(exportApi, (route) => route.fulfill(fail));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByText('Failed to export CSV')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});

test.describe('Clicks on All Websites', () => {
  test("shows the clicks of all the user's websites with each row's website", async ({ page }) => {
    await signUp(page);
    const shop = await createWebsite(page, 'Shop');
    const blog = await createWebsite(page, 'Blog');
    await sendVisits(page, shop, [
      { path: '/shop-a', minutesAgo: 1 },
      { path: '/shop-b', minutesAgo: 3 },
    ]);
    await sendVisits(page, blog, [{ path: '/blog-a', minutesAgo: 2 }]);

    await page.goto('/user-clicks-log');
    await expect(page.getByRole('heading', { name: 'Clicks on All Websites' })).toBeVisible();
    await expect(page.getByText("Every visitor's clicks on all 2 of your websites")).toBeVisible();
    await expect(showing(page)).toHaveText('Showing 3 of 3 clicks');
    await expect(page.getByRole('columnheader', { name: 'Website' })).toBeVisible();
    await expect(rows(page).nth(0)).toContainText('Shop');
    await expect(rows(page).nth(0)).toContainText('/shop-a');
    await expect(rows(page).nth(1)).toContainText('Blog');
    await expect(rows(page).nth(1)).toContainText('/blog-a');
    await expect(rows(page).nth(2)).toContainText('/shop-b');
  });
});
