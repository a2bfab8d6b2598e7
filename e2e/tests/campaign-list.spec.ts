import { expect, test } from '@playwright/test';
import { expectFieldError, PASSWORD, signInInBrowser, uniqueEmail } from './helpers';
import { headers, setUpWorkspace } from './workspace-helpers';

test.describe('campaigns list', () => {
  test('create, edit and delete a campaign in the modal, with the spec messages', async ({
    page,
    context,
    request,
  }) => {
    const { siteId, rootDomain } = await setUpWorkspace(page, request, 'campaigns');
    await request.post(`/api/websites/${siteId}/networks`, {
      headers,
      data: { name: 'Bing Ads', trackingParams: ['msclkid'], sources: ['Search', 'Shopping'] },
    });
    await page.goto('/campaigns');
    await expect(
      page.getByText('No campaigns yet. Click the button above to create your first campaign.'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'New Campaign' }).click();
    const modal = page.getByRole('dialog', { name: 'Create New Campaign' });
    await modal.getByRole('button', { name: 'Save Campaign' }).click();
    // Each empty required field says so.
    for (const field of [
      modal.getByRole('combobox', { name: 'Traffic Network' }),
      modal.getByLabel('Campaign Name'),
      modal.getByLabel('Landing Page URL'),
    ])
      await expectFieldError(field, 'Please fill in all required fields');
    await expect(modal.getByRole('combobox', { name: 'Traffic Source' })).toHaveCount(0);
    await modal.getByRole('combobox', { name: 'Traffic Network' }).click();
    await page.getByRole('option', { name: 'Bing Ads' }).click();
    await modal.getByRole('combobox', { name: 'Traffic Source' }).click();
    await expect(page.getByRole('option')).toHaveText(['Search', 'Shopping']);
    await page.getByRole('option', { name: 'Shopping' }).click();
    // Tagged as the templates tag: the platform's name and the medium's convention.
    await expect(modal.getByLabel('UTM Source')).toHaveValue('bing');
    await expect(modal.getByLabel('UTM Medium')).toHaveValue('shopping');
    await modal.getByPlaceholder('Black Friday Sale').fill('Black Friday Sale');
    await expect(modal.getByLabel('UTM Campaign')).toHaveValue('black-friday-sale');
    await expect(modal.getByLabel('Landing Page URL')).toHaveAttribute('type', 'url');
    await modal.getByLabel('Landing Page URL').fill('not a url');
    await modal.getByRole('button', { name: 'Save Campaign' }).click();
    await expectFieldError(
      modal.getByLabel('Landing Page URL'),
      'Please enter a valid landing page URL (http or https)',
    );
    await modal.getByLabel('Landing Page URL').fill(`https://${rootDomain}/sale`);
    await modal.getByLabel('Parameter name').fill('promo');
    await modal.getByLabel('Parameter value').fill('bf');
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(modal.getByTestId('ocxid-chip')).toBeVisible();
    await expect(modal.getByTestId('ocxid-chip').getByRole('button')).toHaveCount(0);
    await modal.getByRole('button', { name: 'Save Campaign' }).click();
    await expect(page.getByText('Campaign saved successfully!')).toBeVisible();

    const card = page.getByTestId('campaign-card').filter({ hasText: 'Black Friday Sale' });
    await expect(card).toContainText('Bing Ads / Shopping');
    await expect(card).toContainText(`https://${rootDomain}/sale`);
    await expect(card.getByTestId('tracking-id')).toHaveText(/^[0-9a-f]{32}$/);
    await expect(card.locator('[data-metric="Conv. Rate"]')).toContainText('0.0%');
    const ocxid = await card.getByTestId('tracking-id').textContent();
    await expect(card.getByRole('link', { name: 'Open landing page' })).toHaveAttribute(
      'href',
      `https://${rootDomain}/sale`,
    );
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await card.getByRole('button', { name: 'Copy link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `https://${rootDomain}/sale?ocxid=${ocxid}&utm_source=bing&utm_medium=shopping&utm_campaign=black-friday-sale&promo=bf`,
    );
    await expect(card.getByRole('link', { name: 'Open landing page' })).toHaveAttribute('target', '_blank');

    // Edit keeps the ocxid.
    await card.getByRole('button', { name: 'Edit campaign' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Campaign' });
    await expect(edit.getByTestId('ocxid-chip')).toContainText(ocxid ?? 'missing');
    await edit.getByPlaceholder('Black Friday Sale').fill('Cyber Monday');
    // The renamed campaign's link follows its name.
    await expect(edit.getByLabel('UTM Campaign')).toHaveValue('cyber-monday');
    await edit.getByRole('button', { name: 'Save Campaign' }).click();
    const edited = page.getByTestId('campaign-card').filter({ hasText: 'Cyber Monday' });
    await expect(edited.getByTestId('tracking-id')).toHaveText(ocxid ?? 'missing');
    await edited.getByRole('button', { name: 'Copy link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      '&utm_campaign=cyber-monday&',
    );

    // Delete asks first.
    await edited.getByRole('button', { name: 'Delete campaign' }).click();
    await expect(page.getByText('Are you sure you want to delete this campaign?')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Delete campaign "Cyber Monday"' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(edited).toBeVisible();
    await edited.getByRole('button', { name: 'Delete campaign' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Campaign deleted successfully!')).toBeVisible();
    await expect(
      page.getByText('No campaigns yet. Click the button above to create your first campaign.'),
    ).toBeVisible();
  });

  test('without a root domain the builder and the modal ask for configuration', async ({ page, request }) => {
    const email = uniqueEmail('noconfig');
    await request.post('/api/auth/sign-up/email', {
      headers,
      data: { email, password: PASSWORD, name: 'Marketer', acceptTerms: true },
    });
    await request.post('/api/websites', { headers, data: { name: 'Bare' } });
    await signInInBrowser(page, email);
    await page.goto('/campaign-builder');
    await expect(
      page.getByText(
        'Please configure your website domain in the Website Config section before creating campaigns.',
      ),
    ).toBeVisible();
    await expect(page.getByText('Configuration Required')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Website Config' }).click();
    await expect(page).toHaveURL(/\/website-config$/);
    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'New Campaign' }).click();
    await expect(page.getByRole('dialog').getByText('Configuration Required')).toBeVisible();
    await page.goto('/landing-pages');
    await expect(
      page
        .getByText(
          'Please configure your website domain in the Website Config section before creating landing pages.',
        )
        .first(),
    ).toBeVisible();
  });
});
