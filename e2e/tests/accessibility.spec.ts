import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, CHROME_UA } from '../playwright.config';
import { signUpInBrowser } from './helpers';

const headers = { origin: BASE_URL };

/** A website with a goal, a campaign and a few visits, so tables and charts have rows. */
async function setUpShop(page: Page) {
  const site = await (
    await page.request.post('/api/websites', { headers, data: { name: 'Shop', rootDomain: 'shop.test' } })
  ).json();
  await page.request.post(`/api/websites/${site.id}/goals`, {
    headers,
    data: { name: 'Purchase', type: 'event', conditions: { event: 'purchase' }, value: 20 },
  });
  const campaign = await (
    await page.request.post(`/api/websites/${site.id}/campaigns`, {
      headers,
      data: {
        name: 'Spring',
        network: 'Google Ads',
        source: 'Search',
        landingPage: 'https://shop.test/spring',
      },
    })
  ).json();
  const id = site.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 12);
  const events = [
    { type: 'pageview', url: `https://shop.test/spring?ocxid=${campaign.ocxid}` },
    { type: 'pageview', url: 'https://shop.test/pricing' },
    { type: 'custom', name: 'purchase', url: 'https://shop.test/checkout', value: 20, currency: 'USD' },
  ].map((e, i) => ({
    ...e,
    visitorId: `visitor-${id}`,
    sessionId: `session-${id}`,
    eventId: `event-${id}-${i}`,
  }));
  const stored = await page.request.post('/api/collect', {
    headers: { 'user-agent': CHROME_UA, 'content-type': 'text/plain' },
    data: JSON.stringify({ site: site.id, events }),
  });
  expect(stored.ok()).toBe(true);
}

/** WCAG 2.1 A and AA rules; a serious or critical violation fails the screen. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const SCREENS: [path: string, ready: string][] = [
  ['/dashboard', 'Analytics Dashboard'],
  ['/campaign-builder', 'Create New Campaign'],
  ['/campaigns', 'Campaigns'],
  ['/networks', 'Traffic Networks'],
  ['/sources', 'Traffic Sources'],
  ['/landing-pages', 'Landing Pages'],
  ['/funnels', 'Funnel Analysis'],
  ['/clicks-log', 'Clicks Log'],
  ['/conversions-log', 'Conversions Log'],
  ['/analytics', 'Attribution Models'],
  ['/website-config', 'Website Configuration'],
  ['/event-test', 'Event Test'],
  ['/welcome', 'Set up tracking'],
  ['/profile', 'Profile'],
  ['/billing', 'Billing'],
  ['/team', 'Team'],
  ['/debug', 'Debug Tools'],
  ['/auth-debug', 'Auth Debug'],
  ['/debug-database', 'Database Debug'],
];

test.describe('accessibility (axe)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the sign-in, sign-up and invitation screens have no serious or critical violations', async ({
    page,
  }) => {
    for (const [path, heading] of [
      ['/login', 'Welcome back'],
      ['/signup', 'Create your account'],
      // An invitation link that no longer works, as a stranger opens it.
      ['/invitations/unknown-invitation-token', 'Invitation'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      expect(await seriousViolations(page), `${path} (${heading})`).toEqual([]);
    }
  });

  test('the first Tab offers Skip to content, which moves the focus past the header and sidebar', async ({
    page,
  }) => {
    await signUpInBrowser(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test('the dashboard breakdown panels and a Details list have no serious or critical violations', async ({
    page,
  }) => {
    await signUpInBrowser(page);
    await setUpShop(page);
    await page.goto('/dashboard');
    await page.getByTestId('breakdowns').scrollIntoViewIfNeeded();
    const pages = page.getByRole('region', { name: 'Pages', exact: true });
    await expect(pages.getByTestId('breakdown-page').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('breakdown-goal').locator('tbody tr')).toHaveCount(1);
    expect(await seriousViolations(page), 'breakdown panels').toEqual([]);
    await pages.getByRole('button', { name: /details/i }).click();
    const details = page.getByRole('dialog', { name: 'Pages: Top pages' });
    await expect(details.getByTestId('breakdown-page').locator('tbody tr')).toHaveCount(2);
    expect(await seriousViolations(page), 'breakdown Details').toEqual([]);
  });

  test('the focused active sidebar entry shows its whole focus ring, the scrolling sidebar clips none of it', async ({
    page,
  }) => {
    await signUpInBrowser(page);
    await page.goto('/dashboard');
    const active = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Analytics Dashboard' });
    await expect(active).toHaveAttribute('aria-current', 'page');
    // Keyboard first, so the programmatic focus shows the ring (:focus-visible) as a Tab would.
    await page.keyboard.press('Tab');
    await active.focus();
    expect(
      await active.evaluate((el) => Number.parseFloat(getComputedStyle(el).outlineWidth)),
    ).toBeGreaterThan(0);
    // The ring lies outside the entry (outline + offset): the viewport that scrolls must hold it.
    const room = await active.evaluate((el) => {
      const viewport = el.closest('[data-sidebar-scroll]');
      const ring =
        Number.parseFloat(getComputedStyle(el).outlineWidth) +
        Number.parseFloat(getComputedStyle(el).outlineOffset);
      if (!viewport) return -1;
      const box = el.getBoundingClientRect();
      const frame = viewport.getBoundingClientRect();
      return Math.min(box.top - frame.top, box.left - frame.left, frame.right - box.right) - ring;
    });
    expect(room).toBeGreaterThanOrEqual(0);
  });

  test("a list's Delete buttons and a dialog's close button each say what they act on", async ({ page }) => {
    await signUpInBrowser(page);
    const site = await (
      await page.request.post('/api/websites', { headers, data: { name: 'Shop', rootDomain: 'shop.test' } })
    ).json();
    for (const name of ['Spring Search', 'Autumn Display']) {
      const made = await page.request.post(`/api/websites/${site.id}/campaigns`, {
        headers,
        data: { name, network: 'Google Ads', source: 'Search', landingPage: 'https://shop.test/offer' },
      });
      expect(made.ok(), await made.text()).toBe(true);
    }
    await page.goto('/campaigns');
    const deletes = page.getByRole('main').getByRole('button', { name: /^Delete / });
    await expect(deletes).toHaveCount(2);
    const names = await deletes.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(names.sort()).toEqual(['Delete campaign Autumn Display', 'Delete campaign Spring Search']);

    await page.getByRole('button', { name: 'Delete campaign Spring Search' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete campaign "Spring Search"' });
    await expect(
      confirm.getByRole('button', { name: 'Close Delete campaign "Spring Search" dialog' }),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);

    await page.goto('/networks');
    await page.getByRole('button', { name: 'New Network' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Network' });
    await dialog.getByRole('button', { name: 'Close New Network dialog' }).click();
    await expect(dialog).toHaveCount(0);
  });

  // Two halves, each its own test: the eighteen screens in one took 1.9 min on a quiet machine.
  for (const [index, screens] of [SCREENS.slice(0, 9), SCREENS.slice(9)].entries()) {
    test(`every signed-in screen has no serious or critical violations (${index + 1} of 2)`, async ({
      page,
    }) => {
      await signUpInBrowser(page);
      await setUpShop(page);
      const found: Record<string, string[]> = {};
      for (const [path, heading] of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, exact: false }).first()).toBeVisible();
        // Wait for the screen's data: no loader left.
        await expect(page.getByText(/^Loading/)).toHaveCount(0);
        await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[path] = violations;
      }
      expect(found).toEqual({});
    });
  }
});
