import { type APIRequestContext, expect, test } from '@playwright/test';
import { BASE_URL, SHOP_URL } from '../playwright.config';
import { PASSWORD, signInInBrowser, uniqueEmail } from './helpers';

const headers = { origin: BASE_URL };

/**
 * An account (signed in on `request`, which keeps its own cookies: the browser visits the shop, a
 * different site) with a purchase goal and two campaigns, A and B.
 */
async function setUpShop(request: APIRequestContext, email: string) {
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers,
    data: { email, password: PASSWORD, name: 'Marketer', acceptTerms: true },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const site = await (
    await request.post('/api/websites', {
      headers,
      data: { name: 'Shop', rootDomain: 'shop.test', privacy: { consentMode: 'none' } },
    })
  ).json();
  await request.post(`/api/websites/${site.id}/goals`, {
    headers,
    data: { name: 'Purchase', type: 'event', conditions: { event: 'purchase' } },
  });
  const campaign = async (name: string, network: string) =>
    (
      await request.post(`/api/websites/${site.id}/campaigns`, {
        headers,
        data: { name, network, source: 'Search', landingPage: `${SHOP_URL}/site/${site.id}/spring` },
      })
    ).json();
  const a = await campaign('Campaign A', 'Google Ads');
  const b = await campaign('Campaign B', 'Bing Ads');
  const metrics = async (id: string) =>
    (await (await request.get(`/api/websites/${site.id}/campaigns/${id}`)).json()).metrics;
  const pageviews = async () => {
    const res = await request.get(`/api/websites/${site.id}/events?limit=50`);
    if (!res.ok()) throw new Error(`events: ${res.status()} ${await res.text()}`);
    return (await res.json()).filter((e: { type: string }) => e.type === 'pageview').length;
  };
  return { siteId: site.id as string, a, b, metrics, pageviews };
}

test.describe('attribution across campaigns', () => {
  test('A then B then a purchase: the path credits A first touch, B last touch, half each linear; the model switch moves the figures', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('attribution');
    const shop = await setUpShop(request, email);

    // First visit from campaign A; the visitor leaves.
    await page.goto(`${shop.a.trackedUrl}&gclid=EAIaIQ-first_visit`);
    await expect.poll(shop.pageviews).toBe(1);
    // Later the session has ended (its cookie is gone); the same visitor comes back from campaign B and buys.
    const cookies = await context.cookies(SHOP_URL);
    await context.clearCookies();
    await context.addCookies(cookies.filter((c) => c.name !== '_ocx_s'));
    await page.goto(`${shop.b.trackedUrl}&msclkid=b1second2visit3`);
    await expect.poll(shop.pageviews).toBe(2);
    await page.getByRole('button', { name: 'Pay now' }).click();

    await signInInBrowser(page, email);
    await page.goto('/conversions-log');
    const purchase = page.getByRole('row').filter({ hasText: 'Purchase' }).first();
    await expect(purchase).toContainText('$49.90');
    await expect(purchase).toContainText('Campaign B');
    await purchase.click();
    const path = page.getByTestId('conversion-path');
    const rows = path.getByRole('table', { name: 'Touchpoints' }).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    const creditRows = path.getByRole('table', { name: 'Credit by model' }).locator('tbody tr');
    const credits = async (n: number) =>
      (await creditRows.nth(n).getByRole('cell').allTextContents()).slice(1, 4);
    // Columns: First touch, Last touch, Linear; each share of the conversion, then of its $49.90.
    expect(await credits(0)).toEqual(['100%$49.90', '0%$0.00', '50%$24.95']);
    expect(await credits(1)).toEqual(['0%$0.00', '100%$49.90', '50%$24.95']);
    await expect(rows.nth(0)).toContainText('Campaign A');
    await expect(rows.nth(1)).toContainText('Campaign B');

    // First touch (the default model): A has the conversion.
    await expect
      .poll(async () => [
        (await shop.metrics(shop.a.id)).conversions,
        (await shop.metrics(shop.b.id)).conversions,
      ])
      .toEqual([1, 0]);

    // Switch to last touch and a shorter window in Website Configuration: the credits are recomputed.
    await page.goto('/website-config');
    await page.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: 'Last Touch', exact: true }).click();
    await page.getByLabel('Attribution window (days)').fill('30');
    await page.getByRole('button', { name: 'Save Configuration' }).first().click();
    await expect(page.getByText('Configuration saved successfully!')).toBeVisible();
    await expect(page.getByText(/Credits recalculated/)).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(async () => [
        (await shop.metrics(shop.a.id)).conversions,
        (await shop.metrics(shop.b.id)).conversions,
      ])
      .toEqual([0, 1]);

    // Linear splits it.
    await page.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: 'Linear', exact: true }).click();
    await page.getByRole('button', { name: 'Save Configuration' }).first().click();
    await expect(page.getByText('Configuration saved successfully!').first()).toBeVisible();
    await expect
      .poll(async () => [
        (await shop.metrics(shop.a.id)).conversions,
        (await shop.metrics(shop.b.id)).conversions,
      ])
      .toEqual([0.5, 0.5]);
  });
});
