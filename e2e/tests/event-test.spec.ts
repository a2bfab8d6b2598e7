import { expect, type Page, test } from '@playwright/test';
import { openDeveloperTools, signUpInBrowser } from './helpers';

test.describe('Event Test', () => {
  test('sends a test event for the selected website and shows it arriving in the live list', async ({
    page,
  }) => {
    await signUpInBrowser(page);
    await page.goto('/event-test');
    await expect(page.getByText('No Website Selected')).toBeVisible();

    await page.goto('/website-config');
    await page.getByLabel('Root Domain').fill('shop.test');
    await page.getByRole('button', { name: 'Save Configuration' }).first().click();
    await expect(page.getByText('Configuration saved successfully!')).toBeVisible();

    await openDeveloperTools(page);
    await page.getByRole('link', { name: 'Event Test' }).click();
    await expect(page.getByText('No events yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Send Test Event' }).click();
    await expect(page.getByTestId('test-event-outcome')).toContainText('Test event stored. It appears below');
    const table = page.getByTestId('recent-events');
    await expect(table.getByRole('row').filter({ hasText: 'ocx_test_event' })).toHaveCount(1);
    await expect(table).toContainText('custom');
    await expect(table).toContainText('Direct');

    // An event that arrives from elsewhere shows up without a reload.
    const siteId = (await page.evaluate(() => fetch('/api/websites').then((r) => r.json())))[0].id;
    await page.evaluate(
      (site) =>
        fetch('/api/collect', {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({
            site,
            events: [
              {
                type: 'pageview',
                url: 'https://shop.test/from-elsewhere',
                visitorId: 'visitor0042',
                sessionId: 'session0042',
                eventId: 'event00000042',
              },
            ],
          }),
        }),
      siteId,
    );
    await expect(table).toContainText('/from-elsewhere', { timeout: 6000 });

    // A visit through the tracked URL of a campaign made after the screen opened shows its name.
    const trackedUrl = await page.evaluate(
      (site) =>
        fetch(`/api/websites/${site}/campaigns`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Autumn Launch',
            network: 'Google Ads',
            source: 'Search',
            landingPage: 'https://shop.test/autumn',
          }),
        })
          .then((r) => r.json())
          .then((c) => c.trackedUrl as string),
      siteId,
    );
    await page.evaluate(
      ({ site, url }) =>
        fetch('/api/collect', {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({
            site,
            events: [
              {
                type: 'pageview',
                url,
                visitorId: 'visitor0043',
                sessionId: 'session0043',
                eventId: 'event00000043',
              },
            ],
          }),
        }),
      { site: siteId, url: trackedUrl },
    );
    const campaignRow = table.getByRole('row').filter({ hasText: '/autumn' });
    await expect(campaignRow).toContainText('Autumn Launch', { timeout: 6000 });
  });
});

/** What a headless browser says it is: the bot filter drops it, as it would a crawler. */
const HEADLESS_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';

/** The signed-in user's website on shop.test, made through the API the screens use; its id. */
async function shopWebsite(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('/api/websites', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Shop', rootDomain: 'shop.test' }),
    });
    return (await response.json()).id as string;
  });
}

/** One pageview of a new visitor, as the tracker sends it. */
async function visit(page: Page, site: string, n: number): Promise<void> {
  const answer = await page.evaluate(
    ({ site, n }) =>
      fetch('/api/collect', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({
          site,
          events: [
            {
              type: 'pageview',
              url: 'https://shop.test/',
              visitorId: `visitor-e2e-${n}`,
              sessionId: `session-e2e-${n}`,
              eventId: `event-e2e-${n}-${Date.now()}`,
            },
          ],
        }),
      }).then((r) => r.json()),
    { site, n },
  );
  expect(answer).toEqual({ accepted: 1, dropped: [] });
}

test.describe('Event Test from a headless browser', () => {
  test.use({ userAgent: HEADLESS_UA });

  test('says at once that the test event was dropped as a bot, and why', async ({ page }) => {
    await signUpInBrowser(page);
    await shopWebsite(page);
    await page.goto('/event-test');
    await page.getByRole('button', { name: 'Send Test Event' }).click();
    const outcome = page.getByTestId('test-event-outcome');
    await expect(outcome).toContainText('Test event dropped');
    await expect(outcome).toContainText('Dropped as a bot');
    await expect(outcome).toContainText('HeadlessChrome/156');
    await expect(page.getByText('No events yet.')).toBeVisible();
  });
});

test('a test event shows as Test and changes no dashboard figure', async ({ page }) => {
  await signUpInBrowser(page);
  const site = await shopWebsite(page);
  const value = (label: string) => page.getByTestId(`card-${label}`).getByTestId('card-value');
  await visit(page, site, 1);
  await page.goto('/dashboard');
  await expect(value('Total Clicks')).toHaveText('1');
  await expect(value('Unique Visitors')).toHaveText('1');

  await page.goto('/event-test');
  await page.getByRole('button', { name: 'Send Test Event' }).click();
  await expect(page.getByTestId('test-event-outcome')).toContainText('Test event stored');
  const row = page.getByTestId('recent-events').getByRole('row').filter({ hasText: 'ocx_test_event' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Test', { exact: true })).toBeVisible();

  // Events are counted in order: once this later visit shows, the test event before it would have.
  await visit(page, site, 2);
  await page.goto('/dashboard');
  await expect(value('Total Clicks')).toHaveText('2');
  await expect(value('Unique Visitors')).toHaveText('2');
  await expect(value('Pages Visited')).toHaveText('1');
});
