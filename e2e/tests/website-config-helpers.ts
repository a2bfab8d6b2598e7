import { expect, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
export const websites = (page: Page) => page.evaluate(() => fetch('/api/websites').then((r) => r.json()));

/** A website made through the API, as a signed-in user's first. */
export async function createWebsite(page: Page, body: object = { name: 'Shop', rootDomain: 'shop.test' }) {
  const created = await page.request.post('/api/websites', { headers: { origin: BASE_URL }, data: body });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string };
}

/** Every write the page sends about websites and goals, to prove that none was sent. */
export function websiteWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/websites'))
      writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  return writes;
}

export async function chooseModel(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Model' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

export async function save(page: Page) {
  await page.getByRole('button', { name: 'Save Configuration' }).first().click();
}
