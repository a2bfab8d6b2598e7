import { expect, test } from '@playwright/test';
import { signUpInBrowser } from './helpers';

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

    await page.getByRole('link', { name: 'Event Test' }).click();
    await expect(page.getByText('No events yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Send Test Event' }).click();
    await expect(page.getByText('Test event stored. It appears below.')).toBeVisible();
    const table = page.getByTestId('recent-events');
    await expect(table.getByRole('row').filter({ hasText: 'ocx_test_event' })).toHaveCount(1);
    await expect(table).toContainText('custom');
    await expect(table).toContainText('direct');

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
  });
});
