import { expect, test } from '@playwright/test';
import { confirmDelete, expectFieldError } from './helpers';
import { headers, setUpWorkspace } from './workspace-helpers';

test('networks: the name is required, parameters are added with Enter and removable, a platform fills its click ids, delete', async ({
  page,
  request,
}) => {
  await setUpWorkspace(page, request, 'networks');
  await page.goto('/networks');
  await page.getByRole('button', { name: 'New Network' }).click();
  const modal = page.getByRole('dialog', { name: 'New Network' });
  await expect(modal.getByPlaceholder('Google Ads')).toBeVisible();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expectFieldError(modal.getByLabel('Network Name'), 'Please enter a network name');
  const param = modal.getByLabel('Tracking Parameters');
  await param.press('Enter');
  await expectFieldError(param, 'Please enter a tracking parameter');
  await param.fill('AdGroup');
  await param.press('Enter');
  await param.fill('creative');
  await param.press('Enter');
  await modal.getByRole('button', { name: 'Remove creative' }).click();
  await expect(modal.getByText('creative')).toHaveCount(0);
  await modal.getByLabel('Network Name').fill('Partners');
  await expect(modal.getByRole('checkbox')).toHaveCount(4);
  await modal.getByRole('checkbox', { name: 'Display' }).check();
  await modal.getByRole('checkbox', { name: 'Social' }).check();
  await modal.getByRole('button', { name: 'Save' }).click();
  const partners = page.getByTestId('network-card').filter({ hasText: 'Partners' });
  await expect(partners).toContainText('2 source(s) configured');
  await expect(partners).toContainText('adgroup (Required)');
  await expect(partners).toContainText('Display');
  await expect(partners.locator('[data-metric="Clicks"]')).toContainText('0');

  // A known platform fills the name and the click-id parameters of the shared catalogue.
  await page.getByRole('button', { name: 'New Network' }).click();
  await modal.getByRole('combobox', { name: 'Ad platform' }).click();
  await page.getByRole('option', { name: 'Google' }).click();
  await expect(modal.getByLabel('Network Name')).toHaveValue('Google Ads');
  await modal.getByRole('button', { name: 'Save' }).click();
  const google = page.getByTestId('network-card').filter({ hasText: 'Google Ads' });
  await expect(google).toContainText('gclid (Required)');
  await expect(google).toContainText('gbraid');
  await expect(google).not.toContainText('gbraid (Required)');

  // The same name again is refused.
  await page.getByRole('button', { name: 'New Network' }).click();
  await modal.getByLabel('Network Name').fill('google ads');
  await modal.getByRole('button', { name: 'Save' }).click();
  // The server's refusal names the field: it is said there.
  await expectFieldError(modal.getByLabel('Network Name'), 'A network with this name already exists');
  await modal.getByRole('button', { name: 'Cancel' }).click();

  // Delete asks first, naming the network; Cancel keeps it.
  await partners.getByRole('button', { name: 'Delete network' }).click();
  await page
    .getByRole('dialog', { name: /^Delete network "/ })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(partners).toBeVisible();
  await partners.getByRole('button', { name: 'Delete network' }).click();
  await confirmDelete(page, /^Delete network "/);
  await google.getByRole('button', { name: 'Delete network' }).click();
  await confirmDelete(page, /^Delete network "/);
  await expect(
    page.getByText('No networks configured yet. Click the button above to add your first traffic network.'),
  ).toBeVisible();
});

test('networks: a card is edited in the same form with the same checks, and its sources are on Sources too', async ({
  page,
  request,
}) => {
  const { siteId } = await setUpWorkspace(page, request, 'network-edit');
  // Sent through the API, as the demo does: a source no traffic source had yet.
  const created = await request.post(`/api/websites/${siteId}/networks`, {
    headers,
    data: { name: 'Newsletter', trackingParams: [], sources: ['Email'] },
  });
  expect(created.status()).toBe(201);
  await page.goto('/sources');
  await expect(page.getByTestId('source-card').filter({ hasText: 'Email' })).toBeVisible();

  await page.goto('/networks');
  const card = page.getByTestId('network-card').filter({ hasText: 'Newsletter' });
  await card.getByRole('button', { name: 'Edit network' }).click();
  const modal = page.getByRole('dialog', { name: 'Edit network "Newsletter"' });
  await expect(modal.getByLabel('Network Name')).toHaveValue('Newsletter');
  await expect(modal.getByRole('checkbox', { name: 'Email' })).toBeChecked();
  await modal.getByLabel('Network Name').fill('');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expectFieldError(modal.getByLabel('Network Name'), 'Please enter a network name');
  await modal.getByLabel('Network Name').fill('Weekly Mail');
  await modal.getByLabel('Tracking Parameters').fill('mc_cid');
  await modal.getByLabel('Tracking Parameters').press('Enter');
  await modal.getByRole('checkbox', { name: 'Social' }).check();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  const edited = page.getByTestId('network-card').filter({ hasText: 'Weekly Mail' });
  await expect(edited).toContainText('2 source(s) configured');
  await expect(edited).toContainText('mc_cid (Required)');
  await expect(page.getByTestId('network-card').filter({ hasText: 'Newsletter' })).toHaveCount(0);
});
