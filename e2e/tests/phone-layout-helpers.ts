import { expect, type Locator, type Page } from '@playwright/test';
import { BASE_URL, CHROME_UA } from '../playwright.config';
import { PASSWORD, uniqueEmail } from './helpers';

const MINUTE = 60_000;
const CLIENT = { 'user-agent': CHROME_UA, 'x-forwarded-for': '81.2.69.142', 'content-type': 'text/plain' };
const headers = { origin: BASE_URL };
/** Long enough to push a count off a phone-wide card if the layout lets it. */
export const LONG_PATH = '/collections/summer-sale/organic-cotton-oversized-hoodie-in-forest-green';

/**
 * A signed-in account whose shop has a campaign with a long name, a visit through it to a long path,
 * and a EUR 1,234.50 purchase: every screen of the phone checks has rows, revenue and long text.
 */
export async function setUpBusyShop(page: Page): Promise<{ siteId: string }> {
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers,
    data: { email: uniqueEmail('phone'), password: PASSWORD, name: 'Phone reader', acceptTerms: true },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const site = await (
    await page.request.post('/api/websites', {
      headers,
      data: { name: 'Phone Shop', rootDomain: 'shop.test' },
    })
  ).json();
  const goal = await page.request.post(`/api/websites/${site.id}/goals`, {
    headers,
    data: { name: 'Purchase', type: 'event', conditions: { event: 'purchase' } },
  });
  expect(goal.status()).toBe(201);
  const created = await page.request.post(`/api/websites/${site.id}/campaigns`, {
    headers,
    data: {
      name: 'Autumn Clearance Retargeting Lookalikes',
      network: 'Google Ads',
      source: 'Search',
      landingPage: `https://shop.test${LONG_PATH}`,
      utmParams: { source: 'google', medium: 'cpc' },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const campaign = await created.json();
  const now = Date.now();
  const visitor = `phone${now.toString(36)}`;
  const events = [
    {
      type: 'pageview',
      url: `https://shop.test${LONG_PATH}?ocxid=${campaign.ocxid}&utm_source=google&utm_medium=cpc`,
    },
    { type: 'custom', name: 'purchase', url: 'https://shop.test/cart', value: 1234.5, currency: 'EUR' },
  ].map((e, i) => ({
    ...e,
    visitorId: visitor,
    sessionId: `${visitor}-s`,
    eventId: `${visitor}-e${i}`,
    ts: now - (10 - i) * MINUTE,
  }));
  const answer = await page.request.post('/api/collect', {
    headers: CLIENT,
    data: JSON.stringify({ site: site.id, events }),
  });
  expect(await answer.json()).toEqual({ accepted: events.length, dropped: [] });
  return { siteId: site.id as string };
}

/** Nothing is wider than the window, and no visible button cuts its label. */
export async function expectNothingWiderThanTheWindow(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  const cut = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>('button .mantine-Button-label, a .mantine-Button-label'),
    )
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth)
      .map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
}

/** The element ends inside the card that holds it: neither cut nor pushed off by its neighbours. */
export async function expectInsideItsCard(target: Locator): Promise<void> {
  const overflow = await target.evaluate((el) => {
    const card = el.closest('.mantine-Card-root');
    if (!card) return Number.POSITIVE_INFINITY;
    return el.getBoundingClientRect().right - card.getBoundingClientRect().right;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Every visible field in `scope` shows its placeholder whole (a cut 'new@compa' says nothing). */
export async function expectPlaceholdersWhole(scope: Locator): Promise<void> {
  const cut = await scope.evaluate((root) => {
    const ruler = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    return Array.from(root.querySelectorAll<HTMLInputElement>('input[placeholder]'))
      .filter((input) => input.offsetParent !== null)
      .filter((input) => {
        const style = getComputedStyle(input);
        ruler.font = style.font;
        const room =
          input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return ruler.measureText(input.placeholder).width > room;
      })
      .map((input) => input.placeholder);
  });
  expect(cut).toEqual([]);
}
