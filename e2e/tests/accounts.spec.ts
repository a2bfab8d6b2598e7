import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { BILLING_URL } from '../playwright.config';
import { logOut, PASSWORD, signUpInBrowser, uniqueEmail } from './helpers';
import { linkIn, mailTo } from './mail-helpers';

test('sign-up mails a verification link; opening it verifies the address', async ({ page }) => {
  const email = await signUpInBrowser(page, uniqueEmail('verify'));
  const banner = page.getByLabel('Email verification');
  await expect(banner).toContainText('Please verify your email address.');
  const mail = await mailTo(email, /Verify your email address/);
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test.describe('on a server without SMTP settings', () => {
  test.use({ baseURL: BILLING_URL });

  test('the banner says no mail was sent; the outbox shows the mail, and its link verifies the address', async ({
    page,
    browser,
  }) => {
    const email = await signUpInBrowser(page, uniqueEmail('outbox'));
    const banner = page.getByLabel('Email verification');
    await expect(banner).toContainText('No mail was sent: this server has no SMTP settings.');
    await banner.getByRole('link', { name: 'Open the outbox' }).click();
    await expect(page).toHaveURL(/\/outbox$/);
    const mail = page.getByRole('article').filter({ hasText: 'Verify your email address' });
    await expect(mail).toContainText(`To ${email}`);
    const link = mail.getByRole('link', { name: /\/api\/auth\/verify-email\?token=/ });

    // Another account's outbox never shows this mail.
    const other = await browser.newPage({ baseURL: BILLING_URL });
    await signUpInBrowser(other, uniqueEmail('outbox-other'));
    await other.goto('/outbox');
    await expect(other.getByRole('article').filter({ hasText: 'Verify your email address' })).toHaveCount(1);
    await expect(other.getByText(email)).toHaveCount(0);
    await other.close();

    await link.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});

test('forgot password: the mailed link sets a new password and ends the old session', async ({
  browser,
  page,
}) => {
  const email = await signUpInBrowser(page, uniqueEmail('reset'));
  const other = await browser.newPage();
  await other.goto('/login');
  await other.getByRole('link', { name: 'Forgot your password?' }).click();
  // The sign-in screen has an Email field too: fill only once the reset screen has replaced it.
  await expect(other.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  await other.getByLabel('Email').fill(email);
  await other.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    other.getByText('If this email exists in our system, check your email for the reset link'),
  ).toBeVisible();

  await other.goto(linkIn(await mailTo(email, /Reset your password/)));
  await other.getByRole('textbox', { name: 'New password', exact: true }).fill('a brand new password');
  await other.getByRole('textbox', { name: 'Repeat the new password' }).fill('a brand new password');
  await other.getByRole('button', { name: 'Set new password' }).click();
  await expect(other.getByText('Your password has been reset. Sign in with the new one.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('a brand new password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await other.close();
});

test('a TOTP factor set up on the profile is asked for at the next sign-in', async ({ page }) => {
  const email = await signUpInBrowser(page, uniqueEmail('totp'));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const card = page.getByLabel('Two-factor authentication');
  await card.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(card.getByAltText('QR code for your authenticator app')).toBeVisible();
  const secret = (await card.getByTestId('totp-secret').textContent()) ?? '';
  await card.getByLabel('Authentication code').fill(await generate({ secret }));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  await logOut(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill('000000' === (await generate({ secret })) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid code. Please try again.')).toBeVisible();
  await code.fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
