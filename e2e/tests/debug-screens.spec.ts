import { expect, type Page, test } from '@playwright/test';
import { openDeveloperTools, PASSWORD, signUpInBrowser } from './helpers';

/** Creates a website through the API with the page's session cookie. */
async function createWebsite(page: Page, name: string, rootDomain: string): Promise<string> {
  return page.evaluate(
    async ({ name, rootDomain }) => {
      const res = await fetch('/api/websites', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, rootDomain }),
      });
      return (await res.json()).id as string;
    },
    { name, rootDomain },
  );
}

const field = (page: Page, label: string) =>
  page
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .last();

test.describe('debug screens', () => {
  test("Database Debug shows the live database and the user's own rows, the server's figures to operators only", async ({
    page,
  }) => {
    await signUpInBrowser(page);
    await createWebsite(page, 'Shop', 'shop.test');
    await openDeveloperTools(page);
    await page.getByRole('link', { name: 'Database Debug' }).click();
    await expect(page.getByRole('heading', { name: 'Database Debug' })).toBeVisible();
    await expect(field(page, 'Reachable')).toContainText('Yes');
    await expect(
      page.getByText(/only its operators see them: the addresses listed in OCX_ADMIN_EMAILS/),
    ).toBeVisible();
    await expect(page.getByText('Dialect', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Applied migrations' })).toHaveCount(0);
    const rows = page.getByRole('table', { name: 'Your rows' });
    await expect(rows.getByRole('row', { name: /^Websites 1$/ })).toBeVisible();
    await expect(rows.getByRole('row', { name: /^Events 0$/ })).toBeVisible();
  });

  test('Auth Debug shows the session and tests a sign-in without replacing it', async ({ page, context }) => {
    const email = await signUpInBrowser(page);
    const sessionCookie = async () =>
      (await context.cookies()).find((c) => c.name.includes('session_token'))?.value;
    const before = await sessionCookie();
    await openDeveloperTools(page);
    await page.getByRole('link', { name: 'Auth Debug' }).click();
    await expect(page.getByRole('heading', { name: 'Auth Debug' })).toBeVisible();
    await expect(field(page, 'Signed in as')).toContainText(email);
    await expect(field(page, 'Session expires')).toContainText(/\d{4}|\d{1,2}\/\d{1,2}\/\d{2,4}/);
    await expect(page.getByText('No second factor enrolled')).toBeVisible();
    await expect(page.getByText('No mail sent yet')).toBeVisible();

    const form = page.getByRole('form', { name: 'Sign-in test' });
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('textbox', { name: 'Password' }).fill('not the password');
    await form.getByRole('button', { name: 'Test Sign In' }).click();
    await expect(form.getByRole('alert')).toHaveText('Authentication failed. Please try again.');
    await form.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Test Sign In' }).click();
    await expect(form.getByRole('status')).toContainText('Your current session is unchanged.');
    expect(await sessionCookie()).toBe(before);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(field(page, 'Active sessions')).toHaveText(/1$/);
  });

  test('Debug Tools shows the selected website and asks before clearing local data', async ({ page }) => {
    await signUpInBrowser(page);
    await createWebsite(page, 'Shop', 'shop.test');
    const second = await createWebsite(page, 'Blog', 'blog.shop.test');
    await page.reload();
    await page.getByRole('combobox', { name: 'Website' }).click();
    await page.getByRole('option', { name: 'Blog · blog.shop.test' }).click();
    await openDeveloperTools(page);
    await page.getByRole('link', { name: 'Debug Tools' }).click();
    await expect(page.getByRole('heading', { name: 'Debug Tools' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Local data' });
    const selected = table.getByRole('row').filter({ hasText: 'ocx.selectedWebsiteId' });
    await expect(selected).toContainText('Blog');
    const stored = () => page.evaluate(() => localStorage.getItem('ocx.selectedWebsiteId'));
    expect(await stored()).toBe(JSON.stringify(second));

    await page.getByRole('button', { name: 'Clear Local Data' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to clear local data?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(selected).toContainText('Blog');
    expect(await stored()).toBe(JSON.stringify(second));

    await page.getByRole('button', { name: 'Clear Local Data' }).click();
    await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page.getByText('OCX keeps nothing in this browser.')).toBeVisible();
    expect(await stored()).toBeNull();
    await expect(page.getByRole('combobox', { name: 'Website' })).toHaveValue('Shop · shop.test');
  });
});
