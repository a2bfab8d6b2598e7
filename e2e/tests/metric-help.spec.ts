import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { signUpInBrowser } from './helpers';

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
    ['Conversion Rate', 'Conversions ÷ page views (Total Clicks)'],
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
