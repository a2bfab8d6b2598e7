import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { signUpInBrowser } from './helpers';

const headers = { origin: BASE_URL };

/** A signed-in browser with one website and one campaign, made through the API. */
async function setUpShop(page: Page) {
  await signUpInBrowser(page);
  const site = await (
    await page.request.post('/api/websites', { headers, data: { name: 'Shop', rootDomain: 'shop.test' } })
  ).json();
  const campaign = await (
    await page.request.post(`/api/websites/${site.id}/campaigns`, {
      headers,
      data: { name: 'Spring', network: 'Google Ads', source: 'Search', landingPage: 'https://shop.test/x' },
    })
  ).json();
  return { siteId: site.id as string, ocxid: campaign.ocxid as string };
}

async function createKey(page: Page, siteId: string): Promise<string> {
  const created = await page.request.post(`/api/websites/${siteId}/api-keys`, {
    headers,
    data: { name: 'Test server' },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).key;
}

/** The customer's server reports a sale (20, in USD by default) for the campaign, with no browser involved. */
const sendConversion = (
  request: APIRequestContext,
  key: string,
  ocxid: string,
  sale: { value: number; currency?: string } = { value: 20 },
) =>
  request.post('/api/v1/conversions', {
    headers: { authorization: `Bearer ${key}` },
    data: { goal: 'Purchase', ocxid, ...sale },
  });

/** A postback receiver on 127.0.0.1 that records the URL of every hit. */
async function startReceiver(): Promise<{ server: Server; port: number; hits: URL[] }> {
  const hits: URL[] = [];
  const server = createServer((req, res) => {
    hits.push(new URL(req.url ?? '/', 'http://receiver'));
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

test.describe('integrations', () => {
  // Several page loads, a 10-second log refresh and a background recompute: more than the default 30 s.
  test.describe.configure({ timeout: 90_000 });

  test('an API key created in Website Configuration records a server-to-server conversion until it is revoked', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const shop = await setUpShop(page);
    await page.goto('/website-config');
    const section = page.getByRole('region', { name: 'API Keys' });
    await expect(section.getByText('No API keys yet')).toBeVisible();

    await section.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('dialog', { name: 'Create API key' });
    await form.getByLabel('Name').fill('Checkout server');
    await form.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(shown.getByText('Copy this key now. It will not be shown again.')).toBeVisible();
    const key = (await shown.getByTestId('new-api-key').textContent()) ?? '';
    expect(key).toMatch(/^ocx_\S{20,}$/);
    await shown.getByRole('button', { name: 'Copy key' }).click();
    await expect(shown.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(key);
    await expect(shown).toContainText(`curl -X POST ${BASE_URL}/api/v1/conversions`);
    await expect(shown).toContainText(`Authorization: Bearer ${key}`);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    const row = section.getByRole('row', { name: /Checkout server/ });
    await expect(row).toContainText(`${key.slice(0, 12)}…`);
    await expect(row).toContainText('Never');

    const sent = await sendConversion(request, copied, shop.ocxid);
    expect(sent.status()).toBe(201);
    expect(await sent.json()).toMatchObject({ goal_name: 'Purchase', value: 20, source: 'api' });
    await page.reload();
    await expect(row).not.toContainText('Never');

    await row.getByRole('button', { name: 'Revoke API key Checkout server' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await expect(confirm).toContainText('Revoke "Checkout server"?');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByText('API key "Checkout server" revoked')).toBeVisible();
    await expect(section.getByText('No API keys yet')).toBeVisible();

    const refused = await sendConversion(request, copied, shop.ocxid);
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ error: 'Invalid API key' });
  });

  test('a postback URL saved with the configuration is called with its macros filled, and the delivery log shows it delivered', async ({
    page,
    request,
  }) => {
    const receiver = await startReceiver();
    try {
      const shop = await setUpShop(page);
      await page.goto('/website-config');
      const section = page.getByRole('region', { name: 'Postbacks' });
      await expect(section.getByText('No postbacks sent yet')).toBeVisible();

      const base = `http://127.0.0.1:${receiver.port}/pb?ocxid=`;
      const field = section.getByLabel('Postback URL');
      await field.fill(`${base}&goal={goal}&value={value}&currency={currency}&cid={conversion_id}`);
      // A macro clicked lands where the cursor is: here, right after 'ocxid='.
      await field.evaluate((input: HTMLInputElement, at) => input.setSelectionRange(at, at), base.length);
      await section.getByRole('button', { name: 'Insert {ocxid}' }).click();
      const template = `${base}{ocxid}&goal={goal}&value={value}&currency={currency}&cid={conversion_id}`;
      await expect(field).toHaveValue(template);

      await page.getByRole('button', { name: 'Save Configuration' }).first().click();
      await expect(page.getByText('Configuration saved successfully!')).toBeVisible();
      await page.reload();
      await expect(field).toHaveValue(template);

      const sent = await sendConversion(request, await createKey(page, shop.siteId), shop.ocxid);
      expect(sent.status()).toBe(201);
      const conversion = await sent.json();

      await expect.poll(() => receiver.hits.length).toBe(1);
      const hit = receiver.hits[0];
      expect(hit?.pathname).toBe('/pb');
      expect(Object.fromEntries(hit?.searchParams ?? [])).toEqual({
        ocxid: shop.ocxid,
        goal: 'Purchase',
        value: '20',
        currency: 'USD',
        cid: conversion.id,
      });

      // The log re-reads itself every 10 seconds while the screen is open.
      const log = section.getByTestId('postback-deliveries');
      const delivered = log.getByRole('row').filter({ hasText: 'delivered' });
      await expect(delivered).toHaveCount(1, { timeout: 15_000 });
      await expect(delivered).toContainText('HTTP 200');
      await expect(delivered).toContainText(`ocxid=${shop.ocxid}&goal=Purchase&value=20&currency=USD`);
      await expect(delivered.getByRole('cell').nth(2)).toHaveText('1');
    } finally {
      await new Promise((resolve) => receiver.server.close(resolve));
    }
  });

  test('Analytics and the campaign card keep sales in different currencies apart (no exchange rates)', async ({
    page,
    request,
  }) => {
    const shop = await setUpShop(page);
    const key = await createKey(page, shop.siteId);
    expect((await sendConversion(request, key, shop.ocxid)).status()).toBe(201);
    expect((await sendConversion(request, key, shop.ocxid, { value: 15, currency: 'EUR' })).status()).toBe(
      201,
    );
    const report = async () =>
      (await (await page.request.get(`/api/reports/attribution?websiteId=${shop.siteId}`)).json()).models;
    await expect
      .poll(async () =>
        (await report()).first_touch.reduce((n: number, r: { conversions: number }) => n + r.conversions, 0),
      )
      .toBe(2);

    await page.goto('/analytics');
    const spring = page.getByTestId('comparison-by-campaign').getByRole('row', { name: /Spring/ });
    await expect(spring.getByText('2', { exact: true })).toHaveCount(8);
    await expect(spring.getByText('$20.00', { exact: true })).toHaveCount(8);
    await expect(spring.getByText('€15.00', { exact: true })).toHaveCount(8);
    await expect(spring).not.toContainText('$35.00');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
    const revenue = page.locator('[data-metric="Revenue"]');
    await expect(revenue).toHaveCount(1);
    await expect(revenue).toContainText('$20.00');
    await expect(revenue).toContainText('€15.00');
  });

  test('Analytics credits a conversion with one campaign touchpoint 1 under every model, also after a new attribution window is recomputed', async ({
    page,
    request,
  }) => {
    const shop = await setUpShop(page);
    await page.goto('/dashboard'); // the app reads the website made through the API
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Attribution Models' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Attribution Models' })).toBeVisible();
    await expect(page.getByText('No conversions in this date range')).toBeVisible();

    const sent = await sendConversion(request, await createKey(page, shop.siteId), shop.ocxid);
    expect(sent.status()).toBe(201);
    const report = async () =>
      (await (await page.request.get(`/api/reports/attribution?websiteId=${shop.siteId}`)).json()).models;
    await expect.poll(async () => (await report()).first_touch.length).toBe(1);
    await page.getByRole('button', { name: 'Refresh data' }).click();

    const everyModelCreditsSpring = async () => {
      const byCampaign = page.getByTestId('comparison-by-campaign');
      const spring = byCampaign.getByRole('row', { name: /Spring/ });
      await expect(spring.getByText('1', { exact: true })).toHaveCount(8);
      await expect(spring.getByText('$20.00', { exact: true })).toHaveCount(8);
      await expect(byCampaign.getByRole('columnheader', { name: /First Touch/ })).toContainText('Your model');
      const paid = page.getByTestId('comparison-by-channel').getByRole('row', { name: /Paid/ });
      await expect(paid.getByText('1', { exact: true })).toHaveCount(8);
    };
    await everyModelCreditsSpring();
    await page.getByText('All time', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'All time' })).toBeChecked();
    await everyModelCreditsSpring();

    await page.getByRole('link', { name: 'Website Config' }).click();
    await page.getByLabel('Attribution window (days)').fill('30');
    await expect(
      page.getByText('Saving a new window, weights, decay or cross-device setting recalculates'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save Configuration' }).first().click();
    await expect(page.getByText('Configuration saved successfully!')).toBeVisible();
    const recompute = page.getByTestId('attribution-recompute');
    await expect(recompute).toContainText('Credits recalculated', { timeout: 15_000 });
    await expect(recompute).toContainText('(1 conversion)');
    const status = await (await page.request.get(`/api/websites/${shop.siteId}/attribution-status`)).json();
    expect(status).toMatchObject({ running: false, activeVersion: status.targetVersion, total: 1 });

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Attribution Models' })
      .click();
    await everyModelCreditsSpring();
  });
});
