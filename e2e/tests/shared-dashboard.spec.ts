import { type Browser, expect, type Page, test } from '@playwright/test';
import { BASE_URL, CHROME_UA } from '../playwright.config';
import { signUpInBrowser } from './helpers';

const headers = { origin: BASE_URL };

/** A signed-in owner with one website and three page views from one visitor. */
async function setUpShop(page: Page) {
  await signUpInBrowser(page);
  const site = await (
    await page.request.post('/api/websites', {
      headers,
      data: { name: 'Client Shop', rootDomain: 'shop.test' },
    })
  ).json();
  const id = site.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 12);
  const events = ['/', '/pricing', '/checkout'].map((path, i) => ({
    type: 'pageview',
    url: `https://shop.test${path}`,
    visitorId: `visitor-${id}`,
    sessionId: `session-${id}`,
    eventId: `event-${id}-${i}`,
  }));
  const stored = await page.request.post('/api/collect', {
    headers: { 'user-agent': CHROME_UA, 'content-type': 'text/plain' },
    data: JSON.stringify({ site: site.id, events }),
  });
  expect(await stored.json()).toEqual({ accepted: 3, dropped: [] });
}

/** Creates a link in Website Configuration and returns it as the dialog shows it once. */
async function shareFromConfig(page: Page, password?: string): Promise<string> {
  await page.goto('/website-config');
  const section = page.getByRole('region', { name: 'Shared Links' });
  await section.getByRole('button', { name: 'Share dashboard' }).click();
  const form = page.getByRole('dialog', { name: 'Share dashboard' });
  if (password) {
    await form.getByLabel('Protect with a password').check();
    await form.getByRole('textbox', { name: 'Password' }).fill(password);
  }
  await form.getByRole('button', { name: 'Create link' }).click();
  const shown = page.getByRole('dialog', { name: 'Your shared link' });
  await expect(shown.getByText('Copy this link now. It will not be shown again')).toBeVisible();
  const url = (await shown.getByTestId('new-share-link').textContent()) ?? '';
  expect(url).toMatch(new RegExp(`^${BASE_URL}/share/ocx_share_\\S{32}$`));
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  return url;
}

/** A visitor without an account: a browser context of its own, no cookies. */
async function visitorPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    userAgent: CHROME_UA,
    reducedMotion: 'reduce',
  });
  return { page: await context.newPage(), close: () => context.close() };
}

test.describe('shared dashboards', () => {
  test('a link from Website Configuration shows the dashboard to someone without an account until it is revoked', async ({
    page,
    browser,
  }) => {
    await setUpShop(page);
    const url = await shareFromConfig(page);
    const section = page.getByRole('region', { name: 'Shared Links' });
    const row = section.getByRole('row', { name: /ocx_share_/ });
    await expect(row).toContainText('Anyone with the link');
    await expect(row).toContainText('Never');

    const visitor = await visitorPage(browser);
    try {
      await visitor.page.goto(url);
      await expect(visitor.page.getByRole('heading', { name: 'Client Shop' })).toBeVisible();
      await expect(visitor.page.getByText('Read-only shared dashboard')).toBeVisible();
      await expect(visitor.page.getByTestId('card-Total Clicks')).toContainText('3');
      await expect(visitor.page.getByTestId('top-pages').locator('tbody tr')).toHaveCount(3);
      // The breakdowns too, and a click filters the shared view (one visitor's session: all 3 views).
      await visitor.page.getByTestId('breakdowns').scrollIntoViewIfNeeded();
      const pages = visitor.page.getByRole('region', { name: 'Pages', exact: true });
      await expect(pages.getByTestId('breakdown-page').locator('tbody tr')).toHaveCount(3);
      await pages.getByRole('button', { name: 'Filter by /pricing' }).click();
      await expect(visitor.page.getByTestId('filter-chips')).toContainText('Page: /pricing');
      await expect(visitor.page).toHaveURL(/[?&]page=%2Fpricing/);
      await expect(visitor.page.getByTestId('card-Total Clicks').getByTestId('card-value')).toHaveText('3');
      // Nothing of the app around it: no navigation, no account menu.
      await expect(visitor.page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(visitor.page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);

      await page.reload();
      await expect(row).not.toContainText('Never');
      await row.getByRole('button', { name: /Revoke shared link/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke shared link' });
      await confirm.getByRole('button', { name: 'Revoke link' }).click();
      await expect(page.getByText('Shared link revoked')).toBeVisible();
      await expect(section.getByText('No shared links yet')).toBeVisible();

      await visitor.page.reload();
      await expect(visitor.page.getByRole('alert')).toContainText('This link is not valid');
      await expect(visitor.page.getByText('This shared link does not exist or was revoked.')).toBeVisible();
      await expect(visitor.page.getByTestId('card-Total Clicks')).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  });

  test('a mistyped or made-up link says it is not valid, with nothing to reload', async ({ page }) => {
    for (const token of ['ocx_share_not-a-real-token', 'x']) {
      await page.goto(`/share/${token}`);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('This link is not valid');
      await expect(alert).toContainText('This shared link does not exist or was revoked.');
      await expect(alert).toContainText('Ask the person who shared it for a new link.');
      await expect(page.getByRole('button', { name: 'Reload Page' })).toHaveCount(0);
      await expect(page).toHaveTitle('Link not valid — OCX');
    }
  });

  test('a password-protected link asks for its password and refuses a wrong one at the field', async ({
    page,
    browser,
  }) => {
    await setUpShop(page);
    const url = await shareFromConfig(page, 'client-secret-1');
    await expect(
      page.getByRole('region', { name: 'Shared Links' }).getByText('Password', { exact: true }),
    ).toBeVisible();

    const visitor = await visitorPage(browser);
    try {
      await visitor.page.goto(url);
      await expect(
        visitor.page.getByText('This dashboard is password protected. Enter the password to view it.'),
      ).toBeVisible();
      await expect(visitor.page.getByTestId('card-Total Clicks')).toHaveCount(0);
      const password = visitor.page.getByRole('textbox', { name: 'Password' });
      await password.fill('not-the-password');
      await visitor.page.getByRole('button', { name: 'View dashboard' }).click();
      await expect(visitor.page.getByText('Wrong password.')).toBeVisible();
      await expect(visitor.page).toHaveURL(url);

      await password.fill('client-secret-1');
      await visitor.page.getByRole('button', { name: 'View dashboard' }).click();
      await expect(visitor.page.getByTestId('card-Total Clicks')).toContainText('3');
      await expect(visitor.page.getByRole('heading', { name: 'Client Shop' })).toBeVisible();
    } finally {
      await visitor.close();
    }
  });
});
