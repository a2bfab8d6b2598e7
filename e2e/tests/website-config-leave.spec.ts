import { expect, type Page, test } from '@playwright/test';
import { signUpInBrowser } from './helpers';
import { createWebsite } from './website-config-helpers';

/** Two websites, and Website Config of the first opened from the dashboard with its name edited. */
async function editedConfig(page: Page) {
  await signUpInBrowser(page);
  await createWebsite(page, { name: 'Shop', rootDomain: 'shop.test' });
  await createWebsite(page, { name: 'Blog', rootDomain: 'blog.test' });
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Website Config' }).first().click();
  await expect(page).toHaveURL(/\/website-config$/);
  await expect(page.getByLabel('Website Name')).toHaveValue('Shop');
  await page.getByLabel('Website Name').fill('Renamed');
}

const question = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

test.describe('Website Config keeps an unsaved draft on every way out', () => {
  test("the browser's Back asks; Stay keeps the edits, Leave without saving goes back", async ({ page }) => {
    await editedConfig(page);
    await page.goBack();
    await question(page).getByRole('button', { name: 'Stay on this page' }).click();
    await expect(question(page)).toBeHidden();
    await expect(page).toHaveURL(/\/website-config$/);
    await expect(page.getByLabel('Website Name')).toHaveValue('Renamed');

    await page.goBack();
    await question(page).getByRole('button', { name: 'Leave without saving', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
  });

  test('switching the website asks; Stay keeps the website and the edits, Leave without saving switches', async ({
    page,
  }) => {
    await editedConfig(page);
    const selector = page.getByRole('combobox', { name: 'Website', exact: true });
    await selector.click();
    await page.getByRole('option', { name: /^Blog/ }).click();
    await question(page).getByRole('button', { name: 'Stay on this page' }).click();
    await expect(selector).toHaveValue('Shop · shop.test');
    await expect(page.getByLabel('Website Name')).toHaveValue('Renamed');

    await selector.click();
    await page.getByRole('option', { name: /^Blog/ }).click();
    await question(page).getByRole('button', { name: 'Leave without saving', exact: true }).click();
    await expect(selector).toHaveValue('Blog · blog.test');
    await expect(page.getByLabel('Website Name')).toHaveValue('Blog');
    // Nothing was saved on the way: the first website keeps its name.
    const names = await page.evaluate(() =>
      fetch('/api/websites').then((r) => r.json() as Promise<{ name: string }[]>),
    );
    expect(names.map((w) => w.name).sort()).toEqual(['Blog', 'Shop']);
  });
});
