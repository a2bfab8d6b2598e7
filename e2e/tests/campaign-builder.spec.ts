import { expect, test } from '@playwright/test';
import { headers, metric, onFixture, setUpWorkspace } from './workspace-helpers';

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
      `https://${rootDomain}/spring?ocxid=${ocxid}&utm_source=google&utm_medium=cpc&utm_campaign=spring-sale&adgroup=shoes`,
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
    await page
      .getByTestId('landing-page-card')
      .filter({ hasText: 'Spring sale' })
      .getByRole('link', { name: /^View statistics of / })
      .click();
    const stats = page;
    await expect(stats).toHaveURL(/\/analytics\/landing-pages\/[0-9a-f-]+$/);
    await expect(stats.getByTestId('stat-Clicks')).toContainText('1');
    await expect(stats.getByTestId('stat-Visitors')).toContainText('1');
    await expect(stats.getByTestId('stat-Conversions')).toContainText('1');
    await expect(stats.getByTestId('stat-Conversion Rate')).toContainText('100.0%');
    const campaigns = stats.getByRole('table', { name: 'Campaigns over time' });
    await expect(campaigns.getByRole('columnheader', { name: 'Spring Sale' })).toBeVisible();
    await expect(campaigns.locator('tbody tr')).toHaveCount(1);
  });

  test('the link follows the fields: a rename moves utm_campaign, a typed tag stays and is marked; preview, copied link and saved campaign agree', async ({
    page,
    context,
    request,
  }) => {
    const { siteId, rootDomain } = await setUpWorkspace(page, request, 'builder-follow');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await request.post(`/api/websites/${siteId}/networks`, {
      headers,
      data: { name: 'Google Ads', sources: ['Search'] },
    });

    // The builder is in the sidebar.
    await page.goto('/campaigns');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Create New Campaign', exact: true })
      .click();
    await expect(page).toHaveURL(/\/campaign-builder$/);
    const name = page.getByRole('textbox', { name: 'Campaign Name' });
    await name.fill('Alpha Promo');
    await page.getByRole('button', { name: 'Confirm Name' }).click();
    await page.getByRole('group', { name: 'Networks' }).getByRole('button', { name: 'Google Ads' }).click();
    await page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: 'Search' }).click();
    // A nested landing page, made from the builder's picker.
    await page.getByRole('button', { name: 'New Landing Page' }).click();
    const modal = page.getByRole('dialog', { name: 'New Landing Page' });
    await modal.getByLabel('Name').fill('Pour-over kit');
    await modal.getByLabel('Path').fill('products/pour-over-kit');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('option', { name: /Pour-over kit/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // Presets as the templates write them.
    const utm = (label: string) => page.getByRole('textbox', { name: label });
    await expect(utm('UTM Source')).toHaveValue('google');
    await expect(utm('UTM Medium')).toHaveValue('cpc');
    await expect(utm('UTM Campaign')).toHaveValue('alpha-promo');
    const preview = page.getByTestId('url-preview');
    const first = (await page.getByTestId('builder-ocxid').textContent()) ?? '';
    await expect(preview).toHaveText(
      `https://${rootDomain}/products/pour-over-kit?ocxid=${first}&utm_source=google&utm_medium=cpc&utm_campaign=alpha-promo`,
    );

    // Renamed and confirmed again: utm_campaign follows.
    await name.fill('Gamma Promo');
    await page.getByRole('button', { name: 'Confirm Name' }).click();
    await expect(utm('UTM Campaign')).toHaveValue('gamma-promo');
    const ocxid = (await page.getByTestId('builder-ocxid').textContent()) ?? '';
    await expect(preview).toContainText(
      `?ocxid=${ocxid}&utm_source=google&utm_medium=cpc&utm_campaign=gamma-promo`,
    );

    // A typed medium stays through a rename and says so.
    await utm('UTM Medium').fill('ppc');
    const medium = page.getByRole('textbox', { name: 'UTM Medium edited' });
    await expect(medium).toHaveAccessibleDescription(/Typed by you — no longer follows the source/);
    await name.fill('Gamma Promo EU');
    await page.getByRole('button', { name: 'Confirm Name' }).click();
    await expect(medium).toHaveValue('ppc');
    await expect(utm('UTM Campaign')).toHaveValue('gamma-promo-eu');
    const final = (await page.getByTestId('builder-ocxid').textContent()) ?? '';
    const link = `https://${rootDomain}/products/pour-over-kit?ocxid=${final}&utm_source=google&utm_medium=ppc&utm_campaign=gamma-promo-eu`;
    await expect(preview).toHaveText(link);
    // Following again is one click away.
    await page.getByRole('button', { name: 'Follow the source' }).click();
    await expect(utm('UTM Medium')).toHaveValue('cpc');
    await utm('UTM Medium').fill('ppc');

    await page.getByRole('button', { name: 'Copy Parameters' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    const saved = (await (await request.get(`/api/websites/${siteId}/campaigns`)).json()).find(
      (c: { name: string }) => c.name === 'Gamma Promo EU',
    );
    expect(saved).toMatchObject({
      ocxid: final,
      trackedUrl: link,
      utmParams: { source: 'google', medium: 'ppc', campaign: 'gamma-promo-eu' },
    });
  });

  test('Campaigns → New Campaign leads to the builder too', async ({ page, request }) => {
    await setUpWorkspace(page, request, 'builder-from-list');
    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const modal = page.getByRole('dialog', { name: 'Create New Campaign' });
    await modal.getByRole('link', { name: 'open the Campaign Builder' }).click();
    await expect(page).toHaveURL(/\/campaign-builder$/);
    await expect(modal).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Create New Campaign' })).toBeVisible();
  });
});
