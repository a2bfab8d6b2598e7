import { expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import {
  expectInsideItsCard,
  expectNothingWiderThanTheWindow,
  expectPlaceholdersWhole,
  LONG_PATH,
  setUpBusyShop,
} from './phone-layout-helpers';

const heading = (name: string) => (p: Page) => p.getByRole('heading', { level: 2, name, exact: true });

/** Every screen of the sidebar and the account, and a text that shows its data has arrived. */
const screens: [string, (page: Page) => ReturnType<Page['getByText']>][] = [
  [
    '/dashboard',
    // Top Pages' row: the Pages breakdown lists the same path once it renders near the window.
    (p) =>
      p.getByTestId('top-pages').getByRole('button', {
        name: 'Filter by page /collections/summer-sale/organic-cotton-oversized-hoodie-in-forest-green',
      }),
  ],
  ['/networks', (p) => p.getByTestId('network-card')],
  ['/sources', (p) => p.getByTestId('source-card').first()],
  ['/campaigns', (p) => p.getByTestId('campaign-card')],
  ['/campaign-builder', (p) => p.getByRole('heading', { name: 'Create New Campaign' })],
  ['/landing-pages', (p) => p.getByTestId('landing-page-card')],
  ['/funnels', heading('Funnel Analysis')],
  ['/clicks-log', (p) => p.getByText('Showing 1 of 1 clicks')],
  ['/user-clicks-log', (p) => p.getByText('Showing 1 of 1 clicks')],
  ['/conversions-log', (p) => p.getByText('Showing 1 of 1 conversions')],
  ['/analytics', (p) => p.getByRole('rowheader', { name: 'Autumn Clearance Retargeting Lookalikes' })],
  ['/billing', heading('Billing')],
  ['/team', (p) => p.getByRole('region', { name: 'Members' })],
  ['/debug', heading('Debug Tools')],
  ['/auth-debug', heading('Auth Debug')],
  ['/debug-database', heading('Database Debug')],
  ['/event-test', heading('Event Test')],
  ['/website-config', (p) => p.getByRole('heading', { name: 'Domain Settings' })],
  ['/profile', heading('Profile')],
  ['/help/metrics', (p) => p.getByRole('heading', { name: 'What the numbers count' })],
  ['/welcome', (p) => p.getByRole('button', { name: 'I have added the snippet' })],
  ['/no-such-screen', heading('Page not found')],
];

/** The account menu is on screen and opens on Log out (then closes again). */
async function expectLogOutReachable(page: Page): Promise<void> {
  const account = page.getByRole('button', { name: 'Account menu' });
  await expect(account).toBeInViewport({ ratio: 1 });
  await account.click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeHidden();
}

/** A landing page and a network with long names; returns the landing page's statistics screen. */
async function addLandingPageAndNetwork(page: Page, siteId: string): Promise<(typeof screens)[number]> {
  const landing = await page.request.post(`/api/websites/${siteId}/landing-pages`, {
    headers: { origin: BASE_URL },
    data: { name: 'Autumn Clearance Retargeting Lookalikes Landing', path: 'autumn-clearance' },
  });
  const landingId = (await landing.json()).id as string;
  const network = await page.request.post(`/api/websites/${siteId}/networks`, {
    headers: { origin: BASE_URL },
    data: { name: 'Google Ads Performance Max Europe', trackingParams: ['gclid'], sources: ['Search'] },
  });
  expect(network.status()).toBe(201);
  return [`/analytics/landing-pages/${landingId}`, (p) => p.getByTestId('stat-Clicks')];
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    // Three screen groups, each its own test: 22 screens in one test took 1.6 min on a busy CI machine.
    const groups = [screens.slice(0, 7), screens.slice(7, 14), screens.slice(14)];
    groups.forEach((group, index) => {
      test(`no screen is wider than the window or cuts a button label, and Log out is reachable (${index + 1} of ${groups.length})`, async ({
        page,
      }) => {
        const { siteId } = await setUpBusyShop(page);
        const landing = await addLandingPageAndNetwork(page, siteId);
        const all = index === groups.length - 1 ? [...group, landing] : group;
        for (const [path, ready] of all) {
          await test.step(path, async () => {
            await page.goto(path);
            await expect(ready(page)).toBeVisible();
            await expectNothingWiderThanTheWindow(page);
            if (path !== '/help/metrics') await expectLogOutReachable(page);
          });
        }
      });
    });

    test('top pages show the path with its counts, and a campaign card its revenue and copy link', async ({
      page,
    }) => {
      await setUpBusyShop(page);
      await page.goto('/dashboard');
      const row = page.getByTestId('top-pages').locator('tbody tr').first();
      // The path filters the dashboard by the page; the icon beside it opens the page.
      const path = row.getByRole('button', { name: `Filter by page ${LONG_PATH}` });
      await expect(path).toHaveText(LONG_PATH);
      await expect(path.getByTitle(`https://shop.test${LONG_PATH}`)).toBeVisible();
      await expect(row.getByRole('link', { name: `Open ${LONG_PATH} on the website` })).toHaveAttribute(
        'href',
        `https://shop.test${LONG_PATH}`,
      );
      await expect(row.locator('td')).toHaveText(['1', LONG_PATH, '1', '100.0%']);
      for (const cell of await row.locator('td').all()) await expectInsideItsCard(cell);
      await page.goto('/campaigns');
      const card = page.getByTestId('campaign-card');
      await expect(card.locator('[data-metric="Revenue"]')).toContainText('€1,234.50');
      await expectInsideItsCard(card.locator('[data-metric="Revenue"]'));
      await expectInsideItsCard(card.getByRole('button', { name: 'Copy link' }));
      await expectInsideItsCard(card.getByTestId('tracking-id'));
    });
  });
}

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('wide tables keep their first column in view, show that they scroll, and never cut money', async ({
    page,
  }) => {
    await setUpBusyShop(page);
    for (const [path, table, first] of [
      ['/clicks-log', 'clicks-table', 'Date'],
      ['/analytics', 'comparison-by-campaign', 'Campaign'],
    ] as const) {
      await test.step(path, async () => {
        await page.goto(path);
        const wrapper = page.locator('.ocx-scroll-table').filter({ has: page.getByTestId(table) });
        // A fade on the right says there is more: the table is wider than the phone.
        await expect(wrapper).toHaveAttribute('data-more-right', 'true');
        const header = page.getByTestId(table).getByRole('columnheader', { name: first, exact: true });
        const before = await header.boundingBox();
        await wrapper.locator('[data-scroll-box]').evaluate((box) => {
          box.scrollLeft = box.scrollWidth;
        });
        // Scrolled to the end: the fade moves to the left and the first column has not moved.
        await expect(wrapper).not.toHaveAttribute('data-more-right');
        await expect(wrapper).toHaveAttribute('data-more-left', 'true');
        expect((await header.boundingBox())?.x).toBe(before?.x);
        await expect(header).toBeInViewport();
      });
    }
    // Every amount of money on the screens with revenue is shown whole (no "CA…").
    for (const path of ['/analytics', '/campaigns', '/conversions-log']) {
      await page.goto(path);
      const amount = page.getByText(/€1,234\.50/).first();
      await expect(amount).toBeVisible();
      const cut = await page.evaluate(() =>
        Array.from(document.querySelectorAll('main *'))
          .filter((el) => el.children.length === 0 && /[$€£¥]\s?\d/.test(el.textContent ?? ''))
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent),
      );
      expect(cut, path).toEqual([]);
    }
  });

  test('the tracking snippet shows that it scrolls, and form fields show their placeholders whole', async ({
    page,
  }) => {
    await setUpBusyShop(page);
    for (const [path, testId] of [
      ['/welcome', 'onboarding-snippet'],
      ['/website-config', 'tracking-snippet'],
    ] as const) {
      await test.step(path, async () => {
        await page.goto(path);
        // The snippet's website id is wider than a phone: a fade on the right says the line goes on.
        const wrapper = page.locator('.ocx-scroll-hint').filter({ has: page.getByTestId(testId) });
        await expect(wrapper).toHaveAttribute('data-more-right', 'true');
        await page.getByTestId(testId).evaluate((box) => {
          box.scrollLeft = box.scrollWidth;
        });
        await expect(wrapper).not.toHaveAttribute('data-more-right');
        await expect(wrapper).toHaveAttribute('data-more-left', 'true');
      });
    }

    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'New Campaign' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Create New Campaign' });
    await expect(modal.getByLabel('Parameter name')).toBeVisible();
    await expectPlaceholdersWhole(modal);
    await page.keyboard.press('Escape');

    await page.goto('/profile');
    const account = page.locator('.mantine-Card-root[aria-label="Account"]');
    await expect(account.getByPlaceholder('new@company.com')).toBeVisible();
    await expectPlaceholdersWhole(account);
    // The two password fields line up: side by side at one height, or one under the other.
    const current = await account.getByLabel('Current password').boundingBox();
    const next = await account.getByLabel('New password').boundingBox();
    expect(current && next && (current.y === next.y || current.x === next.x)).toBe(true);
  });

  test('the header holds the menu, the logo and the account menu, all inside the screen', async ({
    page,
  }) => {
    await setUpBusyShop(page);
    await page.goto('/dashboard');
    const header = page.locator('header');
    for (const control of [
      header.getByRole('button', { name: 'Menu', exact: true }),
      header.getByRole('link', { name: 'OCX home' }),
      header.getByRole('button', { name: 'Account menu' }),
    ]) {
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    await expect(header.getByRole('combobox', { name: 'Website' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: /Switch to (dark|light) theme/ })).toHaveCount(0);
  });

  test('the drawer has the website selector, the theme toggle, Profile and Log out, which confirms', async ({
    page,
  }) => {
    await setUpBusyShop(page);
    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(drawer.getByRole('combobox', { name: 'Website' })).toHaveValue('Phone Shop · shop.test');
    await drawer.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await drawer.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await drawer.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('Are you sure you want to log out?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the account menu can be tapped and logs out after the confirmation', async ({ page }) => {
    await setUpBusyShop(page);
    await page.goto('/analytics');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByText('Are you sure you want to log out?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
