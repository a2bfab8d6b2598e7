import { expect, test } from '@playwright/test';
import { BASE_URL, SHOP_URL } from '../playwright.config';
import { setUpWorkspace } from './workspace-helpers';

const SCREENS = [
  'dashboard',
  'campaign-builder',
  'networks',
  'sources',
  'campaigns',
  'landing-pages',
  'funnels',
  'clicks-log',
  'user-clicks-log',
  'conversions-log',
  'analytics',
  'website-config',
  'event-test',
];

test('the built app runs under its Content-Security-Policy with no violation on any screen', async ({
  page,
  request,
}) => {
  test.slow(); // thirteen screens
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await setUpWorkspace(page, request, 'csp');

  for (const screen of SCREENS) {
    const response = await page.goto(`/${screen}`);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy'], screen).toContain("script-src 'self'");
    expect(headers['x-frame-options']).toBe('DENY');
    await expect(page.getByRole('heading').first(), screen).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test('another site cannot frame the app', async ({ page }) => {
  const framed = page.waitForResponse((r) => r.url() === `${BASE_URL}/login`);
  await page.goto(`${SHOP_URL}/frame-ocx`);
  expect((await framed).headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // The browser shows its error page in the frame instead of the app.
  await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
});
