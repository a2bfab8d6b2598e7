import { expect, test } from '@playwright/test';

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
