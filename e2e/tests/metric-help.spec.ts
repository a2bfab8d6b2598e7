import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { signUpInBrowser } from './helpers';
import { setUpBusyShop } from './phone-layout-helpers';

test('every dashboard card says what it counts and links to the glossary', async ({ page }) => {
  await signUpInBrowser(page);
  await page.request.post('/api/websites', {
    headers: { origin: BASE_URL },
    data: { name: 'Shop', rootDomain: 'shop.test' },
  });
  await page.goto('/dashboard');
  for (const [card, hint] of [
    ['Total Clicks', 'Page views in the range'],
    ['Unique Visitors', 'Distinct visitors in the range'],
    ['Pages Visited', 'Distinct page paths viewed'],
    ['Conversion Rate', 'Visitors who completed any goal ÷ visitors'],
  ]) {
    const help = page.getByTestId(`card-${card}`).getByRole('link', { name: `${hint} (glossary)` });
    await help.hover();
    await expect(page.getByRole('tooltip', { name: hint })).toBeVisible();
  }
  await expect(page.getByText('clicks are page views; the first and last days are partial')).toBeVisible();

  await page.getByTestId('card-Total Clicks').getByRole('link').click();
  await expect(page).toHaveURL(/\/help\/metrics#total-clicks$/);
  await expect(page.getByRole('heading', { name: 'What the numbers count' })).toBeVisible();
  await expect(
    page.getByText('page views in the range. A visitor who opens three pages adds three.'),
  ).toBeVisible();
  await expect(page.locator('#visits')).toBeAttached();
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('campaign, network, source and landing-page cards, the tables and the logs say what they count, each linking to the glossary', async ({
  page,
}) => {
  const { siteId } = await setUpBusyShop(page);
  await page.request.post(`/api/websites/${siteId}/networks`, {
    headers: { origin: BASE_URL },
    data: { name: 'Google Ads', trackingParams: ['gclid'], sources: ['Search'] },
  });
  await page.request.post(`/api/websites/${siteId}/landing-pages`, {
    headers: { origin: BASE_URL },
    data: { name: 'Home', path: '' },
  });
  const expectHelp = async (term: string, hint: string) => {
    const link = page.locator(`[data-metric-help="${term}"]`).first();
    await expect(link).toHaveAttribute('href', `/help/metrics#${term}`);
    await expect(link).toHaveAccessibleName(`${hint} (glossary)`);
  };
  // A source's clicks are its campaign clicks (not the dashboard's channel of that name).
  for (const [path, clicks] of [
    ['/campaigns', 'Clicks'],
    ['/networks', 'Clicks'],
    ['/sources', 'Campaign clicks'],
    ['/landing-pages', 'Clicks'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(`[data-metric="${clicks}"]`).first()).toContainText('visits');
    await expectHelp('visits', 'Visits that arrived: one per session entrance');
    await expectHelp('conversion-rate', 'Visitors it brought who completed any goal ÷ visitors it brought');
  }
  await page.goto('/dashboard');
  const clicksHeader = page.getByTestId('top-pages').getByRole('columnheader', { name: /Clicks/ });
  await expect(clicksHeader.locator('[data-metric-help]')).toHaveAttribute('href', /\/help\/metrics#/);
  await page.goto('/clicks-log');
  await expect(page.getByText('Showing 1 of 1 clicks')).toBeVisible();
  await expectHelp(
    'visits',
    'A click here is a visit that arrived: one per session entrance, not a page view',
  );
  await page.goto('/conversions-log');
  await expect(page.getByText('Showing 1 of 1 conversions')).toBeVisible();
  await expectHelp('conversions', 'One row per completed goal, each counted once whatever its credit');
});
