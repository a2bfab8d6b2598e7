import { expect, test } from '@playwright/test';
import { expectFieldError, logOut, PASSWORD, signInInBrowser, signUpInBrowser, uniqueEmail } from './helpers';

test.describe('accounts', () => {
  test('a signed-out visitor is sent from / to /login and sees the login screen on any other path', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.goto('/website-config');
    await expect(page).toHaveURL(/\/website-config$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.goto('/billing');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('sign-up needs email, password and the terms checkbox, then opens first run on a trial', async ({
    page,
  }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText('You must provide an email and a password');
    await page.getByLabel('Email').fill(uniqueEmail('signup'));
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('You must accept the terms of service to create an account')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByLabel(/I agree to the Terms of Service/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { name: 'Set up tracking' })).toBeVisible();
    const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(me.organization.plan).toBe('trial');
  });

  test('an address that has an account offers Sign in, with the address filled in', async ({
    page,
    browser,
  }) => {
    const email = await signUpInBrowser(page);
    const other = await browser.newPage();
    await other.goto('/signup');
    const field = other.getByLabel('Email');
    await field.fill(email);
    await other.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await other.getByLabel(/I agree/).check();
    await other.getByRole('button', { name: 'Create account' }).click();
    await expectFieldError(field, 'An account with this email already exists.');
    await other
      .getByText('An account with this email already exists.')
      .getByRole('link', { name: 'Sign in' })
      .click();
    await expect(other).toHaveURL(/\/login\?email=/);
    await expect(other.getByLabel('Email')).toHaveValue(email);
    await other.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await expect(other).toHaveURL(/\/dashboard$/);
    await other.close();
  });

  test('sign-up refuses a weak password at the field, and links the Terms and the Privacy Policy', async ({
    page,
  }) => {
    await page.goto('/signup');
    const password = page.getByRole('textbox', { name: 'Password' });
    await page.getByLabel('Email').fill(uniqueEmail('weak'));
    await page.getByLabel(/I agree to the Terms of Service/).check();
    let signUps = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/sign-up/email')) signUps += 1;
    });
    for (const [weak, message] of [
      ['password1', 'Your password needs at least 10 characters'],
      ['password12', 'This password is one of the most common ones. Choose one that is harder to guess'],
    ] as const) {
      await password.fill(weak);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expectFieldError(password, message);
    }
    expect(signUps).toBe(0);
    await expect(page.getByText(/phone/i)).toHaveCount(0);

    for (const [name, heading] of [
      ['Terms of Service', 'Terms of Service'],
      ['Privacy Policy', 'Privacy Policy'],
    ] as const) {
      const opened = page.waitForEvent('popup');
      await page.getByRole('link', { name }).click();
      const legal = await opened;
      await expect(legal.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await legal.close();
    }
  });

  test('a wrong password is refused; the right one signs in, survives a reload and logs out after confirmation', async ({
    page,
  }) => {
    const email = await signUpInBrowser(page);
    await logOut(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('wrong password!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(/invalid email or password/i);

    await signInInBrowser(page, email);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByText('Are you sure you want to log out?')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await logOut(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test("'Remember me' keeps a 30-day cookie; unticked the cookie ends with the browser session", async ({
    page,
    context,
  }) => {
    const email = await signUpInBrowser(page);
    const sessionCookie = async () => (await context.cookies()).find((c) => c.name.endsWith('session_token'));

    await logOut(page);
    await signInInBrowser(page, email, true);
    const remembered = await sessionCookie();
    expect(remembered?.httpOnly).toBe(true);
    const days = ((remembered?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);

    await logOut(page);
    await signInInBrowser(page, email, false);
    const forgotten = await sessionCookie();
    expect(forgotten?.expires).toBe(-1);
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(PASSWORD);
  });

  test('shows the restoring spinner while the session is read at load', async ({ page }) => {
    await signUpInBrowser(page);
    // The session read is held until the spinner has been seen, then let through.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/get-session', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/website-config');
    await expect(page.getByText('Restoring your session...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Website Configuration' })).toBeVisible();
  });

  test('a session that ends on the server sends the user to /login with the spec message', async ({
    page,
    context,
  }) => {
    await signUpInBrowser(page);
    // Wait until the shell has loaded what it needs, so the next API call is the one that finds no session.
    await expect(page.getByText('No Website Selected')).toBeVisible();
    await context.clearCookies();
    await page.getByRole('button', { name: 'New website' }).click();
    await page.getByRole('dialog').getByLabel('Website Name').fill('Late');
    await page.getByRole('dialog').getByRole('button', { name: 'Create website' }).click();
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});
