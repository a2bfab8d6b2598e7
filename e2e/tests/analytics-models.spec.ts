import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, CHROME_UA } from '../playwright.config';
import { PASSWORD, uniqueEmail } from './helpers';

const HOUR = 3_600_000;
const CLIENT = { 'user-agent': CHROME_UA, 'content-type': 'text/plain' };
const headers = { origin: BASE_URL };

/**
 * Demo-like traffic: shoppers who come through two or three of the shop's campaigns (search, social,
 * newsletter) over a few hours, then buy; values with cents, a few that do not split evenly.
 */
async function shopWithJourneys(page: Page) {
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers,
    data: { email: uniqueEmail('models'), password: PASSWORD, name: 'Marketer', acceptTerms: true },
  });
  expect(signUp.ok()).toBe(true);
  const site = await (
    await page.request.post('/api/websites', { headers, data: { name: 'Shop', rootDomain: 'shop.test' } })
  ).json();
  await page.request.post(`/api/websites/${site.id}/goals`, {
    headers,
    data: { name: 'Purchase', type: 'event', conditions: { event: 'purchase' } },
  });
  const campaign = async (name: string, network: string, source: string) =>
    (
      await page.request.post(`/api/websites/${site.id}/campaigns`, {
        headers,
        data: { name, network, source, landingPage: 'https://shop.test/spring' },
      })
    ).json();
  const search = await campaign('Spring Search', 'Google Ads', 'Search');
  const social = await campaign('Summer Social', 'Facebook', 'Social');
  const retarget = await campaign('Retargeting', 'Bing Ads', 'Display');

  const now = Date.now();
  const tag = now.toString(36);
  const journeys: { path: { ocxid: string }[]; value: number }[] = [
    { path: [search, social, retarget], value: 49.9 },
    { path: [social, search, retarget], value: 100 },
    { path: [search, social, retarget], value: 19.99 },
    { path: [search, retarget], value: 75.5 },
    { path: [social, search, retarget, retarget], value: 10.01 },
    { path: [retarget], value: 33.33 },
  ];
  const events = journeys.flatMap((journey, j) => {
    const visitorId = `shopper-${j}-${tag}`;
    const landings = journey.path.map((c, i) => ({
      type: 'pageview',
      url: `https://shop.test/spring?ocxid=${c.ocxid}`,
      visitorId,
      sessionId: `${visitorId}-s${i}`,
      eventId: `${visitorId}-l${i}`,
      ts: now - (journey.path.length - i) * HOUR,
    }));
    const last = landings.at(-1);
    return [
      ...landings,
      {
        ...last,
        type: 'custom',
        name: 'purchase',
        eventId: `${visitorId}-buy`,
        value: journey.value,
        ts: now - 60_000,
      },
    ];
  });
  const answer = await page.request.post('/api/collect', {
    headers: CLIENT,
    data: JSON.stringify({ site: site.id, events }),
  });
  expect(await answer.json()).toEqual({ accepted: events.length, dropped: [] });
  return {
    siteId: site.id as string,
    total: journeys.reduce((sum, j) => sum + Math.round(j.value * 100), 0),
  };
}

test('Analytics: W-shaped differs from U-shaped, and every model’s total is the sum of the sales', async ({
  page,
}) => {
  const shop = await shopWithJourneys(page);
  // Every conversion credited before the screen opens (crediting runs behind collect).
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/conversions?websiteId=${shop.siteId}`);
      const list = (await res.json()) as { credit_status: string }[];
      return list.filter((c) => c.credit_status === 'credited').length;
    })
    .toBe(6);

  await page.goto('/analytics');
  const table = page.getByTestId('comparison-by-campaign');
  await expect(table.getByRole('columnheader', { name: /W-Shaped/ })).toBeVisible();

  // Column order: First, Last, Linear, Time Decay, Position Based, U-Shaped, W-Shaped, Custom.
  const cell = (row: ReturnType<typeof table.getByRole>, n: number) => row.getByRole('cell').nth(n);
  const social = table.getByRole('row', { name: /Summer Social/ });
  const uShaped = await cell(social, 5).innerText();
  const wShaped = await cell(social, 6).innerText();
  expect(wShaped).not.toBe(uShaped);

  // The Total row: $288.73 (49.90 + 100.00 + 19.99 + 75.50 + 10.01 + 33.33) under all eight models.
  expect(shop.total).toBe(28_873);
  const totals = table.locator('tfoot tr');
  await expect(totals.getByText('$288.73', { exact: true })).toHaveCount(8);
  // Whole numbers of conversions without decimals; fractional credit with two, saying why.
  await expect(totals.getByText('6', { exact: true })).toHaveCount(8);
  const search = table.getByRole('row', { name: /Spring Search/ });
  await expect(cell(search, 0)).toHaveText(/^3\$/);
  await expect(cell(search, 0).locator('[data-fractional-credit]')).toHaveCount(0);
  // Linear: Summer Social holds a third of three purchases and a quarter of one.
  const linear = cell(social, 2).locator('[data-fractional-credit]');
  await expect(linear).toHaveText('1.25');
  await linear.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Fractional credit: a multi-touch model splits each conversion between the touchpoints that led to it',
  );
  await page.screenshot({ path: 'test-results/analytics-models.png', fullPage: true });
});
