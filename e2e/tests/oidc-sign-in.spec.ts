import { expect, type Page, test } from '@playwright/test';
import { OIDC_ISSUER, OIDC_NAME } from '../playwright.config';
import { signUpInBrowser, uniqueEmail } from './helpers';

/** At the test provider's own page: sign in as `email` and allow OCX. */
async function atProvider(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${OIDC_ISSUER.replaceAll('.', '\\.')}/interaction/`));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Allow and continue' }).click();
}

async function openProfile(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  return page.getByLabel('Connected accounts');
}

test('sign in with the test OIDC provider', async ({ page }) => {
  const email = uniqueEmail('oidc');
  await page.goto('/login');
  const authorize = page.waitForRequest((r) => r.url().startsWith(`${OIDC_ISSUER}/auth?`));
  await page.getByRole('button', { name: `Continue with ${OIDC_NAME}` }).click();
  const sent = new URL((await authorize).url());
  expect(sent.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
  await atProvider(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // The provider is this new account's only way in: the profile offers no way to disconnect it.
  const card = await openProfile(page);
  const row = card.getByRole('row').filter({ hasText: OIDC_NAME });
  await expect(row.getByText('Connected', { exact: true })).toBeVisible();
  await expect(row.getByText('Your only way to sign in')).toBeVisible();
  await expect(card.getByRole('button', { name: /Disconnect/ })).toHaveCount(0);
});

test('a password account connects the OIDC provider on the profile and disconnects it again', async ({
  page,
}) => {
  const email = await signUpInBrowser(page, uniqueEmail('link'));
  const card = await openProfile(page);
  const row = card.getByRole('row').filter({ hasText: OIDC_NAME });
  await row.getByRole('button', { name: `Connect ${OIDC_NAME}` }).click();
  await atProvider(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(row.getByText('Connected', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Disconnect ${OIDC_NAME}` }).click();
  await expect(
    page.getByText(`Disconnect ${OIDC_NAME}? You will no longer be able to sign in with it.`),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(row.getByText('Not connected')).toBeVisible();
  await expect(card.getByRole('row').filter({ hasText: 'Email and password' })).toContainText('Connected');
});
