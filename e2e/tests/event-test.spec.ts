import { expect, test } from '@playwright/test';
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
    await expect(page.getByText('Test event stored. It appears below.')).toBeVisible();
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
