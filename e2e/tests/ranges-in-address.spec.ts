import { expect, type Page, test } from '@playwright/test';
import { setUpShop } from './log-helpers';

const showing = (page: Page) => page.getByTestId('log-showing');

test.describe('ranges and filters in the address', () => {
  test("the Clicks Log's range, filters and page survive a reload and come back with Back", async ({
    page,
  }) => {
    await setUpShop(page);
    await page.goto('/clicks-log');
    await expect(showing(page)).toHaveText('Showing 10 of 12 clicks');

    await page.getByLabel('Rows per page').click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page).toHaveURL(/[?&]size=5/);
    await page.reload();
    await expect(showing(page)).toHaveText('Showing 5 of 12 clicks');
    await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('data-active', 'true');

    await page.getByRole('button', { name: 'Show Filters' }).click();
    await page.getByRole('combobox', { name: 'Source', exact: true }).click();
    await page.getByRole('option', { name: 'google', exact: true }).click();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(showing(page)).toHaveText('Showing 3 of 3 clicks');
    await expect(page).toHaveURL(/[?&]source=google/);

    await page.reload();
    await expect(showing(page)).toHaveText('Showing 3 of 3 clicks');
    await expect(page.getByLabel('Applied filters')).toContainText('google');

    // Another screen, then Back: the same rows.
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goBack();
    await expect(showing(page)).toHaveText('Showing 3 of 3 clicks');
    // And Back once more: the filter was a step of its own.
    await page.goBack();
    await expect(showing(page)).toHaveText('Showing 5 of 12 clicks');
  });

  test('an empty date is asked for at its field; a refused range is asked once and shows no old rows', async ({
    page,
  }) => {
    await setUpShop(page);
    await page.goto('/clicks-log');
    await expect(showing(page)).toHaveText('Showing 10 of 12 clicks');
    await page.getByRole('button', { name: 'Show Filters' }).click();
    const start = page.getByLabel('Start Date');
    await start.fill('');
    await expect(page.getByText('Please enter a start date')).toBeVisible();
    await expect(start).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Apply Date Range' })).toBeDisabled();

    // Over 366 days: the server refuses; the page asks once and says why instead of the old rows.
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/clicks' && url.searchParams.get('startDate') === '2020-01-01')
        asked.push(r.url());
    });
    await start.fill('2020-01-01');
    const refused = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/clicks' && r.status() === 400,
    );
    await page.getByRole('button', { name: 'Apply Date Range' }).click();
    await refused;
    await expect(page.getByText(/The date range can span at most 366 days/)).toBeVisible();
    await expect(page.getByTestId('clicks-table')).toHaveCount(0);
    await expect(showing(page)).toHaveCount(0);
    // The error is on screen and the refused page was not asked for again (no retry).
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    expect(asked).toHaveLength(1);
  });

  test("the dashboard's range survives a reload and Back returns to the range before", async ({ page }) => {
    await setUpShop(page);
    await page.goto('/dashboard');
    const range = page.getByRole('radiogroup', { name: 'Time range' });
    await expect(range.getByRole('radio', { name: '7 Days' })).toBeChecked();
    await range.getByText('30 Days').click();
    await expect(page).toHaveURL(/[?&]range=30d/);
    await page.reload();
    await expect(
      page.getByRole('radiogroup', { name: 'Time range' }).getByRole('radio', { name: '30 Days' }),
    ).toBeChecked();
    await page.getByRole('radiogroup', { name: 'Time range' }).getByText('All Time').click();
    await expect(page).toHaveURL(/[?&]range=all/);
    await page.goBack();
    await expect(
      page.getByRole('radiogroup', { name: 'Time range' }).getByRole('radio', { name: '30 Days' }),
    ).toBeChecked();
    await page.goBack();
    await expect(
      page.getByRole('radiogroup', { name: 'Time range' }).getByRole('radio', { name: '7 Days' }),
    ).toBeChecked();
  });
});
