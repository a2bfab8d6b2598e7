import { expect, test } from '@playwright/test';
import { setUpWorkspace } from './workspace-helpers';

/**
 * index.html paints "Loading..." without waiting for the stylesheet, and the app renders only once
 * the stylesheet has loaded (build/stylesheet-preload.plugin.ts, apply-preloaded-styles.ts). The
 * stylesheet is held back by the test until the first paint has happened.
 */
test('the loading placeholder paints before the stylesheet arrives, and the app renders styled', async ({
  page,
}) => {
  let releaseStyles = () => {};
  const stylesReleased = new Promise<void>((resolve) => {
    releaseStyles = resolve;
  });
  await page.route('**/assets/*.css', async (route) => {
    await stylesReleased;
    await route.continue();
  });
  // What the body's margin was when the app first put something in #root: 0 with Mantine's
  // baseline applied, the browser's 8px without it.
  await page.addInitScript(() => {
    const seen = window as unknown as { firstRenderBodyMargin?: string };
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root?.querySelector('form, main, h1, h2')) return;
      seen.firstRenderBodyMargin = getComputedStyle(document.body).margin;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });

  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('status')).toHaveText('Loading...');
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
    .toBe(1);
  await expect(page.getByText('Sign in to your OCX account')).toHaveCount(0);

  releaseStyles();
  await expect(page.getByText('Sign in to your OCX account')).toBeVisible();
  expect(
    await page.evaluate(() => (window as { firstRenderBodyMargin?: string }).firstRenderBodyMargin),
  ).toBe('0px');
  await expect(page.getByText('Loading...')).toHaveCount(0);
});

/**
 * /dashboard is sent with preloads of its code and of the session and websites
 * (build/screen-preload.plugin.ts): each is fetched once, by the page, and the app takes the
 * preloaded answers instead of asking again.
 */
test("a screen's page preloads its code and the answers it opens with, and the app uses them", async ({
  page,
  request,
}) => {
  await setUpWorkspace(page, request, 'preload');
  // A page of its own: the signed-in page's requests still in flight are not this load's.
  const fresh = await page.context().newPage();
  await page.close();
  const asked: string[] = [];
  fresh.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/') || pathname.includes('dashboard.page')) asked.push(pathname);
  });
  const figures = fresh.waitForResponse((r) => new URL(r.url()).pathname === '/api/analytics/dashboard');
  await fresh.goto('/dashboard');
  await figures;
  await expect(fresh.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();

  const preloads = await fresh
    .locator('head link[rel="preload"], head link[rel="modulepreload"]')
    .evaluateAll((links) =>
      links.map((link) => `${link.getAttribute('as') ?? 'module'} ${link.getAttribute('href')}`),
    );
  expect(preloads).toEqual(
    expect.arrayContaining([
      'fetch /api/auth/get-session',
      'fetch /api/websites',
      expect.stringMatching(/^module \/assets\/dashboard\.page-[\w-]+\.js$/),
    ]),
  );
  const times = (path: string) => asked.filter((p) => p === path).length;
  expect(times('/api/auth/get-session')).toBe(1);
  expect(times('/api/websites')).toBe(1);
  expect(asked.filter((p) => p.includes('dashboard.page'))).toHaveLength(1);
});
