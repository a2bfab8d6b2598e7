import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { confirmDelete } from './helpers';
import { headers, setUpWorkspace } from './workspace-helpers';

/**
 * Requests of this method on paths matching the pattern fail: 'crash' answers 500 (the server
 * refused), 'offline' aborts them (they never arrived).
 */
async function breakRequests(page: Page, method: string, pattern: RegExp, how: 'crash' | 'offline') {
  await page.route(pattern, (route) => {
    if (route.request().method() !== method) return route.fallback();
    return how === 'offline'
      ? route.abort('internetdisconnected')
      : route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' });
  });
}
const failing = (page: Page, method: string, pattern: RegExp) =>
  breakRequests(page, method, pattern, 'crash');
const unreachable = (page: Page, method: string, pattern: RegExp) =>
  breakRequests(page, method, pattern, 'offline');

/** The Google Ads network with Search, the Spring landing page and a Spring campaign. */
async function seedSpringCampaign(request: APIRequestContext, siteId: string, rootDomain: string) {
  const site = `/api/websites/${siteId}`;
  await request.post(`${site}/networks`, { headers, data: { name: 'Google Ads', sources: ['Search'] } });
  await request.post(`${site}/landing-pages`, { headers, data: { name: 'Spring', path: 'spring' } });
  const created = await request.post(`${site}/campaigns`, {
    headers,
    data: {
      name: 'Spring',
      network: 'Google Ads',
      source: 'Search',
      landingPage: `https://${rootDomain}/spring`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** Builds a 'Summer' campaign on the seeded network, source and landing page, then creates it. */
async function createInBuilder(page: Page) {
  await page.goto('/campaign-builder');
  await page.getByRole('textbox', { name: 'Campaign Name' }).first().fill('Summer');
  await page.getByRole('button', { name: 'Confirm Name' }).first().click();
  await page.getByRole('group', { name: 'Networks' }).getByRole('button', { name: 'Google Ads' }).click();
  await page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: 'Search' }).click();
  await page.getByRole('option', { name: /Spring/ }).click();
  await page.getByRole('button', { name: 'Create Campaign' }).click();
}

test('server failures show the spec messages on the workspace screens', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { siteId, rootDomain } = await setUpWorkspace(page, request, 'failures');
  await seedSpringCampaign(request, siteId, rootDomain);

  await failing(page, 'POST', /\/networks$/);
  await failing(page, 'DELETE', /\/networks\/[^/]+$/);
  await page.goto('/networks');
  await page.getByRole('button', { name: 'New Network' }).click();
  const networkModal = page.getByRole('dialog', { name: 'New Network' });
  await networkModal.getByLabel('Network Name').fill('Bing Ads');
  await networkModal.getByRole('button', { name: 'Save' }).click();
  await expect(networkModal.getByRole('alert')).toHaveText('Failed to create network. Please try again.');
  await networkModal.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete network' }).click();
  await confirmDelete(page, /^Delete network "/);
  await expect(page.getByText('Failed to delete network. Please try again.')).toBeVisible();

  await failing(page, 'POST', /\/sources$/);
  await failing(page, 'DELETE', /\/sources\/[^/]+$/);
  await page.goto('/sources');
  await page.getByRole('button', { name: 'New Source' }).click();
  const sourceModal = page.getByRole('dialog', { name: 'New Traffic Source' });
  await sourceModal.getByLabel('Source Name').fill('Email');
  await sourceModal.getByRole('button', { name: 'Save' }).click();
  await expect(sourceModal.getByRole('alert')).toHaveText('Failed to create source. Please try again.');
  await sourceModal.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete source' }).first().click();
  await confirmDelete(page, /^Delete source "/);
  await expect(page.getByText('Failed to delete source. Please try again.')).toBeVisible();

  await failing(page, 'POST', /\/landing-pages$/);
  await failing(page, 'DELETE', /\/landing-pages\/[^/]+$/);
  await page.goto('/landing-pages');
  await page.getByRole('button', { name: 'New Landing Page' }).click();
  const pageModal = page.getByRole('dialog', { name: 'New Landing Page' });
  await pageModal.getByLabel('Name').fill('Winter');
  await pageModal.getByRole('button', { name: 'Save' }).click();
  await expect(pageModal.getByRole('alert')).toHaveText('Failed to create landing page');
  await pageModal.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete landing page' }).click();
  await confirmDelete(page, /^Delete landing page "/);
  await expect(page.getByText('Failed to delete landing page. Please try again.')).toBeVisible();

  await failing(page, 'PATCH', /\/campaigns\/[^/]+$/);
  await failing(page, 'DELETE', /\/campaigns\/[^/]+$/);
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Edit campaign' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Campaign' });
  await edit.getByRole('button', { name: 'Save Campaign' }).click();
  await expect(edit.getByRole('alert')).toHaveText('Failed to save campaign. Please try again.');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete campaign' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Failed to delete campaign. Please try again.')).toBeVisible();

  await failing(page, 'POST', /\/campaigns$/);
  await createInBuilder(page);
  await expect(page.getByText('Failed to create campaign. Please try again.')).toBeVisible();

  await failing(page, 'GET', /\/api\/websites\/[^/]+\/campaigns$/);
  await page.goto('/campaigns');
  await expect(page.getByText('Failed to load campaigns')).toBeVisible({ timeout: 20_000 });
});

test('a server that cannot be reached gets the spec texts for requests that never arrived', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { siteId, rootDomain } = await setUpWorkspace(page, request, 'offline');
  await seedSpringCampaign(request, siteId, rootDomain);

  await unreachable(page, 'POST', /\/landing-pages$/);
  await unreachable(page, 'DELETE', /\/landing-pages\/[^/]+$/);
  await page.goto('/landing-pages');
  await page.getByRole('button', { name: 'New Landing Page' }).click();
  const pageModal = page.getByRole('dialog', { name: 'New Landing Page' });
  await pageModal.getByLabel('Name').fill('Winter');
  await pageModal.getByRole('button', { name: 'Save' }).click();
  await expect(pageModal.getByRole('alert')).toHaveText('Failed to save landing page');
  await pageModal.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete landing page' }).click();
  await confirmDelete(page, /^Delete landing page "/);
  await expect(page.getByText('Failed to delete landing page', { exact: true })).toBeVisible();

  await unreachable(page, 'POST', /\/campaigns$/);
  await unreachable(page, 'PATCH', /\/campaigns\/[^/]+$/);
  await unreachable(page, 'DELETE', /\/campaigns\/[^/]+$/);
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Edit campaign' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Campaign' });
  await edit.getByRole('button', { name: 'Save Campaign' }).click();
  await expect(edit.getByRole('alert')).toHaveText(
    'An error occurred while editing the campaign. Please try again.',
  );
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete campaign' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(
    page.getByText('An error occurred while deleting the campaign. Please try again.'),
  ).toBeVisible();

  await createInBuilder(page);
  await expect(
    page.getByText('An error occurred while saving the campaign. Please try again.'),
  ).toBeVisible();
});
