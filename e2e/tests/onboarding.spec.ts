import { expect, test } from '@playwright/test';
import { BASE_URL, SHOP_URL } from '../playwright.config';
import { PASSWORD, uniqueEmail } from './helpers';

test.describe('onboarding (first run)', () => {
  test('walks a new account from sign-up to its first event, which turns green live', async ({
    page,
    context,
  }) => {
    await page.goto('/signup');
    await page.getByLabel('Email').fill(uniqueEmail('first-run'));
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByLabel(/I agree to the Terms of Service/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/welcome$/);

    // Step 1: the website, with errors at the fields.
    await page.getByRole('button', { name: 'Create website' }).click();
    await expect(page.getByRole('textbox', { name: 'Website Name' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please enter a website name')).toBeVisible();
    await page.getByRole('textbox', { name: 'Website Name' }).fill('Shop');
    await page.getByRole('textbox', { name: 'Root Domain' }).fill('shop.test');
    await page.getByRole('button', { name: 'Create website' }).click();

    // Step 2: the snippet, with this website's id.
    const snippet = page.getByTestId('onboarding-snippet');
    await expect(snippet).toContainText('data-site="');
    const siteId = /data-site="([^"]+)"/.exec((await snippet.textContent()) ?? '')?.[1] ?? '';
    expect(siteId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByRole('button', { name: 'Copy snippet' })).toBeEnabled();
    await page.getByRole('button', { name: 'I have added the snippet' }).click();

    // Step 3: waiting, until a visitor opens a page of the site in another tab.
    await expect(page.getByText('Waiting for your first event…')).toBeVisible();
    const visitor = await context.newPage();
    await visitor.goto(`${SHOP_URL}/site/${siteId}/spring`);
    await expect(page.getByText('Your first event arrived')).toBeVisible();
    await visitor.close();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('names the cause when events come from another domain', async ({ page, context }) => {
    const headers = { origin: BASE_URL };
    await page.request.post('/api/auth/sign-up/email', {
      headers,
      data: { email: uniqueEmail('first-run-domain'), password: PASSWORD, name: 'Owner', acceptTerms: true },
    });
    const site = await (
      await page.request.post('/api/websites', { headers, data: { name: 'Other', rootDomain: 'other.test' } })
    ).json();
    await page.goto('/welcome');
    // The website has its domain: first run opens at the snippet.
    await page.getByRole('button', { name: 'I have added the snippet' }).click();
    const visitor = await context.newPage();
    await visitor.goto(`${SHOP_URL}/site/${site.id}/spring`);
    await expect(page.getByRole('alert').filter({ hasText: 'Events were refused' })).toContainText(
      'Events arrived from shop.test, which is not other.test or one of its subdomains, and were refused.',
    );
    await visitor.close();
    await expect(page.getByText('Waiting for your first event…')).toBeVisible();
  });
});
