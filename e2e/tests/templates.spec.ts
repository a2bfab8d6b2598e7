import { expect, test } from '@playwright/test';
import { headers, setUpWorkspace } from './workspace-helpers';

test.describe('campaign templates', () => {
  test('applying a default template fills network, source, UTM and custom parameters and keeps the ocxid; a saved template is listed', async ({
    page,
    request,
  }) => {
    const { siteId } = await setUpWorkspace(page, request, 'templates');
    await request.post(`/api/websites/${siteId}/landing-pages`, {
      headers,
      data: { name: 'Leads', path: 'leads' },
    });
    await page.goto('/campaign-builder');
    const panel = page.getByRole('region', { name: 'Campaign Templates' });
    const lead = panel.getByTestId('template-card').filter({ hasText: 'Facebook Lead Gen' });
    await expect(lead).toContainText('Default');
    await expect(lead).toContainText('By Goal');
    await expect(lead).toContainText('utm_source: facebook');
    await expect(lead).toContainText('utm_medium: paid_social');
    // A template's campaign tag is never applied (each campaign keeps its own), so it is not shown.
    await expect(lead).not.toContainText('utm_campaign');

    // By Product shows only product templates.
    await panel.getByRole('combobox', { name: 'Template category' }).click();
    await page.getByRole('option', { name: 'By Product' }).click();
    await expect(panel.getByTestId('template-card').first()).toBeVisible();
    for (const text of await panel.getByTestId('template-card').allTextContents())
      expect(text).toContain('By Product');
    await panel.getByRole('combobox', { name: 'Template category' }).click();
    await page.getByRole('option', { name: 'By Goal' }).click();

    await page.getByRole('textbox', { name: 'Campaign Name' }).first().fill('Autumn Leads');
    await page.getByRole('button', { name: 'Confirm Name' }).first().click();
    await lead.getByRole('button', { name: 'Apply Template' }).click();
    await expect(
      page.getByRole('group', { name: 'Networks' }).getByRole('button', { name: 'Facebook Ads' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: 'Social' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('option', { name: /Leads/ }).click();
    const ocxid = (await page.getByTestId('builder-ocxid').textContent()) ?? '';
    await expect(page.getByRole('textbox', { name: 'UTM Source' })).toHaveValue('facebook');
    await expect(page.getByRole('textbox', { name: 'UTM Medium' })).toHaveValue('paid_social');
    await expect(page.getByRole('textbox', { name: 'UTM Campaign' })).toHaveValue('autumn-leads');
    await expect(page.getByTestId('url-preview')).toContainText(`?ocxid=${ocxid}&utm_source=facebook`);
    await expect(page.getByTestId('url-preview')).toContainText('ad_set=');

    // 'Show Facebook Ads Only' keeps only that network's templates.
    await panel.getByRole('combobox', { name: 'Template category' }).click();
    await page.getByRole('option', { name: 'By Goal' }).click();
    await panel.getByLabel('Show Facebook Ads Only').check();
    await expect(panel.getByTestId('template-card')).toHaveCount(1);

    // Optional: Load from Template in step 5 applies too, still keeping the ocxid.
    await page.getByRole('combobox', { name: 'Optional: Load from Template' }).click();
    await page.getByRole('option', { name: 'Google Search Ads' }).click();
    await expect(page.getByRole('textbox', { name: 'UTM Source' })).toHaveValue('google');
    await expect(page.getByTestId('builder-ocxid')).toHaveText(ocxid);

    // Save as Template: disabled while the name is empty.
    await panel.getByRole('button', { name: 'Save as Template' }).click();
    const modal = page.getByRole('dialog', { name: 'Save as Template' });
    await expect(modal.getByPlaceholder('Facebook Lead Gen')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Save Template' })).toBeDisabled();
    await modal.getByLabel('Template Name').fill('Our Google Search');
    await modal.getByRole('button', { name: 'Save Template' }).click();
    await expect(page.getByText('Template saved successfully')).toBeVisible();
    await panel.getByLabel('Show Google Ads Only').uncheck();
    await panel.getByRole('combobox', { name: 'Template category' }).click();
    await page.getByRole('option', { name: 'By Platform' }).click();
    const mine = panel.getByTestId('template-card').filter({ hasText: 'Our Google Search' });
    await expect(mine).toContainText('utm_source: google');
    await expect(mine).not.toContainText('Default');

    // The API refuses to change or delete a default template.
    const defaults = (await (await request.get(`/api/websites/${siteId}/templates`)).json()).filter(
      (t: { isDefault: boolean }) => t.isDefault,
    );
    const patch = await request.patch(`/api/websites/${siteId}/templates/${defaults[0].id}`, {
      headers,
      data: { name: 'x' },
    });
    expect(await patch.json()).toEqual({ error: 'Cannot modify default templates' });
    const del = await request.delete(`/api/websites/${siteId}/templates/${defaults[0].id}`, { headers });
    expect(await del.json()).toEqual({ error: 'Cannot delete default templates' });

    // Nothing matches: the empty text.
    await panel
      .getByTestId('template-card')
      .filter({ hasText: 'Microsoft Bing Search' })
      .getByRole('button', { name: 'Apply Template' })
      .click();
    await expect(page.getByTestId('builder-ocxid')).toHaveText(ocxid);
    await panel.getByLabel('Show Bing Ads Only').check();
    await expect(panel.getByTestId('template-card')).toHaveCount(1);
    await panel.getByRole('combobox', { name: 'Template category' }).click();
    await page.getByRole('option', { name: 'By Product' }).click();
    await expect(panel.getByText('No matching templates found')).toBeVisible();
  });
});
