import { expect, test } from '@playwright/test';
import { CHROME_UA } from '../playwright.config';
import { confirmDelete, expectFieldError } from './helpers';
import { headers, setUpWorkspace } from './workspace-helpers';

test('landing pages: empty state, name and path rules, card, open in a new tab, statistics without visits, delete', async ({
  page,
  request,
}) => {
  const { rootDomain } = await setUpWorkspace(page, request, 'landing');
  await page.goto('/landing-pages');
  await expect(
    page.getByText('No landing pages yet. Click the button above to create your first landing page.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'New Landing Page' }).click();
  const modal = page.getByRole('dialog', { name: 'New Landing Page' });
  await expect(modal.getByPlaceholder('Homepage', { exact: true })).toBeVisible();
  await expect(modal.getByPlaceholder('homepage', { exact: true })).toBeVisible();
  await expect(modal.getByText(`${rootDomain}/`)).toBeVisible();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expectFieldError(modal.getByLabel('Name'), 'Please enter a landing page name');
  await modal.getByLabel('Name').fill('Summer');
  await modal.getByLabel('Path').fill('summer sale');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expectFieldError(
    modal.getByLabel('Path'),
    'Invalid URL path format. Path can only contain letters, numbers, hyphens, and underscores, with a slash between two parts (products/pour-over-kit).',
  );
  await modal.getByLabel('Path').fill('https://other.test/summer');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expectFieldError(
    modal.getByLabel('Path'),
    `Landing pages are pages of ${rootDomain}: give the path (like products/pour-over-kit) or the page's address on ${rootDomain}.`,
  );
  // A nested path is a page of the website like any other.
  await modal.getByLabel('Path').fill('collections/summer_sale-2');
  await modal.getByRole('button', { name: 'Save' }).click();
  const card = page.getByTestId('landing-page-card').filter({ hasText: 'Summer' });
  await expect(card).toContainText(`${rootDomain}/collections/summer_sale-2`);
  await expect(card.locator('[data-metric="Clicks"]')).toContainText('0');
  const open = card.getByRole('link', { name: 'Open landing page' });
  await expect(open).toHaveAttribute('href', `https://${rootDomain}/collections/summer_sale-2`);
  await expect(open).toHaveAttribute('target', '_blank');

  // An in-app screen opens in the same tab.
  await card.getByRole('link', { name: 'View statistics of Summer' }).click();
  const stats = page;
  await expect(stats.getByRole('heading', { name: 'Landing Page Statistics: Summer' })).toBeVisible();
  // The card's word and unit: Clicks, the visits that arrived.
  await expect(stats.getByTestId('stat-Clicks')).toContainText('0');
  await expect(stats.getByTestId('stat-Clicks')).toContainText('visits that arrived');
  await expect(stats.getByText('No clicks recorded for this landing page yet.')).toBeVisible();
  await page.goBack();

  // Edit: the same rules; a pasted address of the page becomes its path.
  await card.getByRole('button', { name: 'Edit landing page' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit landing page "Summer"' });
  await expect(edit.getByLabel('Path')).toHaveValue('collections/summer_sale-2');
  await edit.getByLabel('Name').fill('Pour-over kit');
  await edit.getByLabel('Path').fill(`https://${rootDomain}/products/pour-over-kit`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const kit = page.getByTestId('landing-page-card').filter({ hasText: 'Pour-over kit' });
  await expect(kit).toContainText(`${rootDomain}/products/pour-over-kit`);
  await expect(kit.getByRole('link', { name: 'Open landing page' })).toHaveAttribute(
    'href',
    `https://${rootDomain}/products/pour-over-kit`,
  );

  await kit.getByRole('button', { name: 'Delete landing page' }).click();
  await confirmDelete(page, 'Delete landing page "Pour-over kit"');
  await expect(
    page.getByText('No landing pages yet. Click the button above to create your first landing page.'),
  ).toBeVisible();
});

test("the builder's New Landing Page creates the page and selects it", async ({ page, request }) => {
  const { siteId, rootDomain } = await setUpWorkspace(page, request, 'builder-landing');
  await request.post(`/api/websites/${siteId}/networks`, {
    headers,
    data: { name: 'Google Ads', sources: ['Search'] },
  });
  await page.goto('/campaign-builder');
  await page.getByRole('group', { name: 'Networks' }).getByRole('button', { name: 'Google Ads' }).click();
  await page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No matching landing pages found.')).toBeVisible();
  await page.getByRole('button', { name: 'New Landing Page' }).click();
  const modal = page.getByRole('dialog', { name: 'New Landing Page' });
  await modal.getByLabel('Name').fill('Boots');
  await modal.getByLabel('Path').fill('boots');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('option', { name: /Boots/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('option', { name: /Boots/ })).toContainText(`${rootDomain}/boots`);
  // Step 5 appears once a landing page is chosen; the name is still to be confirmed.
  await expect(page.getByRole('region', { name: 'Step 5: Campaign Details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Step 6: UTM Builder' })).toHaveCount(0);
});

test('landing page statistics: Landing Pages is the active entry, days in the locale format, no repeated column', async ({
  page,
  request,
}) => {
  const { siteId, rootDomain } = await setUpWorkspace(page, request, 'landing-stats');
  const created = await request.post(`/api/websites/${siteId}/landing-pages`, {
    headers,
    data: { name: 'Spring', path: 'spring' },
  });
  const landing = await created.json();
  const visitor = `lp${Date.now().toString(36)}`;
  const ts = Date.now() - 60_000;
  const sent = await request.post('/api/collect', {
    headers: { 'user-agent': CHROME_UA, 'x-forwarded-for': '81.2.69.142', 'content-type': 'text/plain' },
    data: JSON.stringify({
      site: siteId,
      events: [
        {
          type: 'pageview',
          url: `https://${rootDomain}/spring?utm_source=google&utm_medium=cpc`,
          visitorId: visitor,
          sessionId: `${visitor}-s`,
          eventId: `${visitor}-e`,
          ts,
        },
      ],
    }),
  });
  expect(await sent.json()).toEqual({ accepted: 1, dropped: [] });

  await page.goto(`/analytics/landing-pages/${landing.id}`);
  await expect(page.getByRole('heading', { name: 'Landing Page Statistics: Spring' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Landing Pages' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Attribution Models' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );

  const channels = page.getByRole('table', { name: 'Channels over time' });
  // One channel holds every visit: its column is not repeated as a Visits total.
  await expect(channels.locator('thead th')).toHaveText(['Date', 'Paid', 'Conversions']);
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(ts);
  await expect(channels.locator('tbody tr').first().locator('td').first()).toHaveText(day);
  await expect(channels.locator('tbody tr').first().locator('td')).toHaveText([day, '1', '0']);
});
