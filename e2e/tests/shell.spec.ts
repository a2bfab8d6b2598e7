import { expect, test } from '@playwright/test';
import { expectFieldError, signUpInBrowser } from './helpers';

const entries: [string, string, string][] = [
  ['Dashboard', '/dashboard', 'Analytics Dashboard'],
  ['Networks', '/networks', 'Traffic Networks'],
  ['Sources', '/sources', 'Traffic Sources'],
  ['Campaigns', '/campaigns', 'Campaigns'],
  ['Campaign Builder', '/campaign-builder', 'Create New Campaign'],
  ['Landing Pages', '/landing-pages', 'Landing Pages'],
  ['Funnels', '/funnels', 'Funnel Analysis'],
  ['Clicks Log', '/clicks-log', 'Clicks Log'],
  ['Your Click Activity', '/user-clicks-log', 'Your Click Activity'],
  ['Conversions Log', '/conversions-log', 'Conversions Log'],
  ['Analytics', '/analytics', 'Attribution Model Comparison'],
  ['Billing', '/billing', 'Billing'],
  ['Debug Tools', '/debug', 'Debug Tools'],
  ['Auth Debug', '/auth-debug', 'Auth Debug'],
  ['DB Debug', '/debug-database', 'Database Debug'],
  ['Event Test', '/event-test', 'Event Test'],
  ['Website Config', '/website-config', 'Website Configuration'],
];

test.describe('app shell', () => {
  test.beforeEach(async ({ page }) => {
    await signUpInBrowser(page);
  });

  test('the sidebar has every entry and each opens its screen', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path, heading] of entries) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    }
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
    await page.getByRole('link', { name: 'Website Config' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Website Config' })).toBeVisible();
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
    await expect(page.getByText('Add your website')).toBeVisible();
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
    await expect(page.getByText('Add your website')).toBeHidden();

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
