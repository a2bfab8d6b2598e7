import { expect, type Page, test } from '@playwright/test';
import { expectFieldError, logOut, signUpInBrowser } from './helpers';

/** The sidebar's entries: one name each, in the sidebar, the heading and the browser tab. */
const entries: { name: string; path: string; perWebsite: boolean; group?: string }[] = [
  { name: 'Analytics Dashboard', path: '/dashboard', perWebsite: true },
  { name: 'Traffic Networks', path: '/networks', perWebsite: true },
  { name: 'Traffic Sources', path: '/sources', perWebsite: true },
  { name: 'Campaigns', path: '/campaigns', perWebsite: true },
  { name: 'Create New Campaign', path: '/campaign-builder', perWebsite: true },
  { name: 'Landing Pages', path: '/landing-pages', perWebsite: true },
  { name: 'Funnel Analysis', path: '/funnels', perWebsite: true },
  { name: 'Clicks Log', path: '/clicks-log', perWebsite: true },
  { name: 'Clicks on All Websites', path: '/user-clicks-log', perWebsite: false },
  { name: 'Conversions Log', path: '/conversions-log', perWebsite: true },
  { name: 'Attribution Models', path: '/analytics', perWebsite: true },
  { name: 'Website Configuration', path: '/website-config', perWebsite: true, group: 'Settings' },
  { name: 'Team', path: '/team', perWebsite: false, group: 'Settings' },
  { name: 'Billing', path: '/billing', perWebsite: false, group: 'Settings' },
  { name: 'Debug Tools', path: '/debug', perWebsite: false, group: 'Developer tools' },
  { name: 'Auth Debug', path: '/auth-debug', perWebsite: false, group: 'Developer tools' },
  { name: 'Database Debug', path: '/debug-database', perWebsite: false, group: 'Developer tools' },
  { name: 'Event Test', path: '/event-test', perWebsite: true, group: 'Developer tools' },
];

/** A website made through the API the screens use, then shown: the tabs name it. */
async function demoShop(page: Page) {
  const made = await page.evaluate(async () => {
    const response = await fetch('/api/websites', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Demo Shop', rootDomain: 'demo-shop.test' }),
    });
    return response.status;
  });
  expect(made).toBe(201);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Website' })).toHaveValue('Demo Shop · demo-shop.test');
}

test.describe('app shell', () => {
  test.beforeEach(async ({ page }) => {
    await signUpInBrowser(page);
  });

  test('each sidebar entry opens its screen under one name: the entry, the heading and the tab', async ({
    page,
  }) => {
    await demoShop(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Developer tools' }).click();
    for (const { name, path, perWebsite, group } of entries) {
      await test.step(path, async () => {
        const scope = group ? nav.getByRole('group', { name: group }) : nav;
        await scope.getByRole('link', { name, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
        await expect(page).toHaveTitle(perWebsite ? `${name} — Demo Shop — OCX` : `${name} — OCX`);
      });
    }
    // Screens without an entry of their own are named the same way.
    for (const { path, heading, title } of [
      { path: '/profile', heading: 'Profile', title: 'Profile — OCX' },
      { path: '/no-such-screen', heading: 'Page not found', title: 'Page not found — OCX' },
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
      await expect(page).toHaveTitle(title);
    }
  });

  test('the Developer tools are shut until opened, stay open in this browser, and open on their own screens', async ({
    page,
  }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'Developer tools' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Debug Tools' })).toHaveCount(0);
    // Settings are always in sight.
    const settings = nav.getByRole('group', { name: 'Settings' });
    for (const name of ['Website Configuration', 'Team', 'Billing'])
      await expect(settings.getByRole('link', { name, exact: true })).toBeVisible();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const tools = nav.getByRole('group', { name: 'Developer tools' });
    await expect(tools.getByRole('link')).toHaveText([
      'Debug Tools',
      'Auth Debug',
      'Database Debug',
      'Event Test',
    ]);
    await page.reload();
    await expect(tools.getByRole('link', { name: 'Auth Debug' })).toBeVisible();

    await toggle.click();
    await expect(tools).toHaveCount(0);
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Arriving at one of its screens shows where one is.
    await page.goto('/debug-database');
    await expect(tools.getByRole('link', { name: 'Database Debug' })).toHaveAttribute('aria-current', 'page');
  });

  test('an unknown address shows a 404 page that leads back to the dashboard, and no placeholder', async ({
    page,
  }) => {
    await page.goto('/no-such-screen');
    await expect(page.getByRole('heading', { level: 2, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('There is no page at /no-such-screen.');
    await expect(page.getByRole('main')).not.toContainText('Not built yet');
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
  });

  test('the sidebar collapses to 64px and expands to 240px, and remembers it', async ({ page }) => {
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(240);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);
    await page.reload();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);
    await page.getByRole('link', { name: 'Website Configuration' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Website Configuration' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(240);
    await page.reload();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(240);
  });

  test('the theme is light by default, switches to dark and stays dark after a reload', async ({ page }) => {
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
    expect(await scheme()).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await scheme()).toBe('dark');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    expect(await scheme()).toBe('dark');
  });

  test('the logo links to / which opens the dashboard', async ({ page }) => {
    await page.goto('/website-config');
    await page.getByRole('link', { name: 'OCX home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a modal slides in, and opens without moving for a user who asks for less motion', async ({
    page,
  }) => {
    const dialog = page.getByRole('dialog', { name: 'New website' });
    const transition = () => dialog.evaluate((el) => (el as HTMLElement).style.transitionProperty);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    // The no-website screen renders before the websites list settles; wait for it to stay put.
    await expect(page.getByRole('combobox', { name: 'Website' })).toBeDisabled();
    await page.getByRole('button', { name: 'Create website' }).click();
    await expect(dialog).toBeVisible();
    expect(await transition()).toContain('transform');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Create website' }).click();
    await expect(dialog).toBeVisible();
    expect(await transition()).toBe('');
  });

  test('with no website the dashboard says so; a created website is selected, and the selector switches', async ({
    page,
  }) => {
    await expect(page.getByText('No Website Selected')).toBeVisible();
    await expect(
      page.getByText("You don't have any websites yet. Create your first website to get started."),
    ).toBeVisible();
    // The header names no website it does not have.
    await expect(page.getByRole('main')).not.toContainText('Unknown');
    // Nothing to refresh and nothing to pick from: no Refresh Data, no 'select from the dropdown'.
    await expect(page.getByRole('button', { name: 'Refresh Data' })).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText('select a website from the dropdown');
    await page.getByRole('button', { name: 'Create website' }).click();
    const dialog = page.getByRole('dialog', { name: 'New website' });
    await dialog.getByRole('button', { name: 'Create website' }).click();
    await expectFieldError(dialog.getByLabel('Website Name'), 'Please enter a website name');
    await dialog.getByLabel('Website Name').fill('First Shop');
    await dialog.getByLabel('Root Domain').fill('not a domain');
    await expect(dialog.getByText('Please enter a valid domain (e.g., example.com)')).toBeVisible();
    await dialog.getByLabel('Root Domain').fill('first-shop.test');
    await dialog.getByRole('button', { name: 'Create website' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Website' })).toHaveValue('First Shop · first-shop.test');
    await expect(page.getByText('No Website Selected')).toBeHidden();

    await page.getByRole('button', { name: 'New website' }).click();
    await page.getByRole('dialog').getByLabel('Website Name').fill('Second Shop');
    await page.getByRole('dialog').getByRole('button', { name: 'Create website' }).click();
    await expect(page.getByRole('combobox', { name: 'Website' })).toHaveValue('Second Shop');
    await page.getByRole('combobox', { name: 'Website' }).click();
    await page.getByRole('option', { name: 'First Shop · first-shop.test' }).click();
    await page.goto('/website-config');
    await expect(page.getByLabel('Website Name')).toHaveValue('First Shop');
    await page.reload();
    await expect(page.getByLabel('Website Name')).toHaveValue('First Shop');
  });
});

test.describe('signed out', () => {
  test('the sign-in screen asks for nothing that fails: no failed request, no console error', async ({
    page,
  }) => {
    const failures: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') failures.push(`console: ${m.text()}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
    });
    // A request cut short by the next navigation is not a failure.
    page.on('requestfailed', (r) => {
      if (r.failure()?.errorText !== 'net::ERR_ABORTED') failures.push(`failed ${r.url()}`);
    });
    // /login itself, / (which goes there) and a signed-in screen (which shows it).
    for (const path of ['/login', '/', '/dashboard']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      await expect(page).toHaveTitle('Sign in — OCX');
      await page.waitForLoadState('networkidle');
    }
    // After a sign-in and a log out, the same.
    await signUpInBrowser(page);
    await logOut(page);
    for (const path of ['/login', '/']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(failures).toEqual([]);
  });
});
