import { expect, test } from '@playwright/test';
import { metric, onFixture, setUpWorkspace } from './workspace-helpers';

test.describe('campaign builder', () => {
  test('build a campaign, share its link, a visitor converts: every card and the landing-page statistics count it', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const { siteId, rootDomain } = await setUpWorkspace(page, request, 'builder');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    // A network with a click-id parameter and the seeded Search source.
    await page.goto('/networks');
    await expect(
      page.getByText('No networks configured yet. Click the button above to add your first traffic network.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'New Network' }).click();
    const networkModal = page.getByRole('dialog', { name: 'New Network' });
    await networkModal.getByLabel('Network Name').fill('Google Ads');
    await networkModal.getByLabel('Tracking Parameters').fill('gclid');
    await networkModal.getByLabel('Tracking Parameters').press('Enter');
    await networkModal.getByRole('checkbox', { name: 'Search' }).check();
    await networkModal.getByRole('button', { name: 'Save' }).click();
    const networkCard = page.getByTestId('network-card').filter({ hasText: 'Google Ads' });
    await expect(networkCard).toContainText('1 source(s) configured');
    await expect(networkCard).toContainText('gclid (Required)');

    // Two landing pages, one to find by search.
    await page.goto('/landing-pages');
    for (const [name, path] of [
      ['Homepage', ''],
      ['Spring sale', 'spring'],
    ] as const) {
      await page.getByRole('button', { name: 'New Landing Page' }).click();
      const modal = page.getByRole('dialog', { name: 'New Landing Page' });
      await modal.getByLabel('Name').fill(name);
      await modal.getByLabel('Path').fill(path);
      await modal.getByRole('button', { name: 'Save' }).click();
      await expect(modal).toBeHidden();
    }
    await expect(page.getByTestId('landing-page-card').filter({ hasText: 'Spring sale' })).toContainText(
      `${rootDomain}/spring`,
    );

    // The builder: name → network → source → landing page by search → custom parameter.
    await page.goto('/campaign-builder');
    await page.getByRole('textbox', { name: 'Campaign Name' }).first().fill('Spring Sale');
    await page.getByRole('button', { name: 'Confirm Name' }).first().click();
    await expect(page.getByText('Confirmed').first()).toBeVisible();
    await page.getByRole('group', { name: 'Networks' }).getByRole('button', { name: 'Google Ads' }).click();
    await page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: 'Search' }).click();
    const search = page.getByPlaceholder('Search landing pages...');
    await search.fill('winter');
    await expect(page.getByText('No matching landing pages found.')).toBeVisible();
    await search.fill('SPRI');
    await expect(page.getByRole('option')).toHaveCount(1);
    await page.getByRole('option', { name: /Spring sale/ }).click();
    const ocxid = (await page.getByTestId('builder-ocxid').textContent()) ?? '';
    expect(ocxid).toMatch(/^[0-9a-f]{32}$/);
    // Every step is open now, and the name is asked once: step 5 shows the confirmed name.
    await expect(page.getByRole('textbox', { name: 'Campaign Name' })).toHaveCount(1);
    await expect(page.getByTestId('builder-name')).toHaveText('Campaign Name: Spring Sale');
    await page.getByLabel('Parameter name').fill('adgroup');
    await page.getByLabel('Parameter value').fill('shoes');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const preview = page.getByTestId('url-preview');
    await expect(preview).toHaveText(
      `https://${rootDomain}/spring?ocxid=${ocxid}&utm_source=google%20ads&utm_medium=Search&utm_campaign=spring-sale&adgroup=shoes`,
    );
    await page.getByRole('button', { name: 'Copy Parameters' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await preview.textContent());
    await expect(page.getByRole('button', { name: 'Copy Parameters' })).toBeVisible({ timeout: 4000 });
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(page.getByText('Campaign saved successfully!')).toBeVisible();
    const card = page.getByTestId('campaign-card').filter({ hasText: 'Spring Sale' });
    await expect(card).toContainText('Google Ads / Search');
    await expect(card.getByTestId('tracking-id')).toHaveText(ocxid);

    // The visitor follows the copied link to the shop and buys.
    const pageviews = async () =>
      (await (await request.get(`/api/websites/${siteId}/events?limit=50`)).json()).filter(
        (e: { type: string }) => e.type === 'pageview',
      ).length;
    await page.goto(onFixture(copied));
    await expect(page.getByRole('heading', { name: 'Spring sale' })).toBeVisible();
    await expect.poll(pageviews).toBe(1);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect
      .poll(async () => (await (await request.get(`/api/conversions?websiteId=${siteId}`)).json()).length)
      .toBe(1);

    // Campaign card: 1 click, 1 conversion, 100.0%.
    await expect
      .poll(
        async () => {
          await page.goto('/campaigns');
          const c = page.getByTestId('campaign-card').filter({ hasText: 'Spring Sale' });
          return [
            await metric(c, 'Clicks').innerText(),
            await metric(c, 'Conversions').innerText(),
            await metric(c, 'Conv. Rate').innerText(),
          ].map((t) => t.split('\n').filter(Boolean).slice(1));
        },
        { timeout: 30_000 },
      )
      // Each figure with its unit; the rate is of the visitors the campaign brought.
      .toEqual([
        ['1', 'visits that arrived'],
        ['1', 'credited by the model'],
        ['100.0%', '1 of 1 visitor'],
      ]);

    // The landing page, network and source cards count the visit too.
    await page.goto('/landing-pages');
    const landing = page.getByTestId('landing-page-card').filter({ hasText: 'Spring sale' });
    await expect(metric(landing, 'Clicks')).toContainText('1');
    await expect(metric(landing, 'Conversions')).toContainText('1');
    await expect(
      metric(page.getByTestId('landing-page-card').filter({ hasText: 'Homepage' }), 'Clicks'),
    ).toContainText('0');
    await page.goto('/networks');
    await expect(
      metric(page.getByTestId('network-card').filter({ hasText: 'Google Ads' }), 'Clicks'),
    ).toContainText('1');
    await page.goto('/sources');
    const searchCard = page.getByTestId('source-card').filter({ hasText: 'Search engine traffic' });
    await expect(metric(searchCard, 'Campaign clicks')).toContainText('1');
    await expect(metric(searchCard, 'Conv. Rate')).toContainText('100.0%');
    await expect(
      metric(page.getByTestId('source-card').filter({ hasText: 'Social' }), 'Campaign clicks'),
    ).toContainText('0');

    // The statistics page opens in a new tab.
    await page.goto('/landing-pages');
    const [stats] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByTestId('landing-page-card')
        .filter({ hasText: 'Spring sale' })
        .getByRole('link', { name: 'View statistics' })
        .click(),
    ]);
    await expect(stats).toHaveURL(/\/analytics\/landing-pages\/[0-9a-f-]+$/);
    await expect(stats.getByTestId('stat-Clicks')).toContainText('1');
    await expect(stats.getByTestId('stat-Visitors')).toContainText('1');
    await expect(stats.getByTestId('stat-Conversions')).toContainText('1');
    await expect(stats.getByTestId('stat-Conversion Rate')).toContainText('100.0%');
    const campaigns = stats.getByRole('table', { name: 'Campaigns over time' });
    await expect(campaigns.getByRole('columnheader', { name: 'Spring Sale' })).toBeVisible();
    await expect(campaigns.locator('tbody tr')).toHaveCount(1);
  });
});
