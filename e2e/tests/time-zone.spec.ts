import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, CHROME_UA } from '../playwright.config';
import { PASSWORD, uniqueEmail } from './helpers';

const HOUR = 3_600_000;
const CLIENT = { 'user-agent': CHROME_UA, 'x-forwarded-for': '81.2.69.142', 'content-type': 'text/plain' };
const NEPAL = 'Asia/Kathmandu';

// The browser is in New York, the website in Kathmandu: every date on screen must be Kathmandu's.
test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

const local = (ts: number, options: Intl.DateTimeFormatOptions, timeZone = NEPAL) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(ts);

async function setUp(page: Page, visitAt: number): Promise<string> {
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: BASE_URL },
    data: { email: uniqueEmail('zone'), password: PASSWORD, name: 'Zone reader', acceptTerms: true },
  });
  expect(signUp.ok()).toBe(true);
  const site = await page.request.post('/api/websites', {
    headers: { origin: BASE_URL },
    data: { name: 'Nepal Shop', rootDomain: 'shop.test', timezone: NEPAL },
  });
  expect(site.status()).toBe(201);
  const siteId = (await site.json()).id as string;
  const tag = `${siteId.slice(0, 8)}${visitAt.toString(36)}`.replace(/[^A-Za-z0-9]/g, '');
  const answer = await page.request.post('/api/collect', {
    headers: CLIENT,
    data: JSON.stringify({
      site: siteId,
      events: [
        {
          type: 'pageview',
          url: 'https://shop.test/landing',
          visitorId: `visitor-${tag}`,
          sessionId: `session-${tag}`,
          eventId: `event-${tag}`,
          ts: visitAt,
        },
      ],
    }),
  });
  expect(await answer.json()).toEqual({ accepted: 1, dropped: [] });
  return siteId;
}

test.describe("The website's time zone", () => {
  test('a Kathmandu website charts its days and lists its clicks in Kathmandu time, and Website Config changes the zone and shows the rebuild', async ({
    page,
  }) => {
    const now = Date.now();
    const visitAt = now - 3 * HOUR;
    await setUp(page, visitAt);

    await page.goto('/dashboard');
    await expect(page.getByText('Per day in Asia/Kathmandu (GMT+05:45)')).toBeVisible();
    // The last day charted is today in Kathmandu, whatever the date in New York or UTC.
    const today = local(now, { month: 'short', day: 'numeric' });
    await expect(page.getByTestId('series-plot')).toHaveAttribute(
      'aria-label',
      new RegExp(` to ${today} \\(Asia/Kathmandu\\): 1 clicks? and 1 visitors?`),
    );

    await page.goto('/clicks-log');
    await expect(page.getByText(/times in Asia\/Kathmandu \(GMT\+05:45\)/)).toBeVisible();
    const shown = local(visitAt, { dateStyle: 'medium', timeStyle: 'short' });
    expect(shown).not.toBe(local(visitAt, { dateStyle: 'medium', timeStyle: 'short' }, 'America/New_York'));
    await expect(page.getByTestId('clicks-table').locator('tbody tr').first()).toContainText(shown);

    await page.goto('/website-config');
    const section = page.getByRole('region', { name: 'Time Zone' });
    await expect(section.getByText('Now: Asia/Kathmandu (GMT+05:45)')).toBeVisible();
    await section.getByRole('combobox', { name: 'Website time zone' }).fill('Los_Angeles');
    await page.getByRole('option', { name: /^America\/Los_Angeles/ }).click();
    await page.getByRole('button', { name: 'Save Configuration' }).first().click();
    await expect(page.getByText('Configuration saved successfully!')).toBeVisible();
    await expect(section.getByText(/^Now: America\/Los_Angeles \(GMT-0[78]:00\)$/)).toBeVisible();
    // The daily figures are rebuilt for the new zone in the background; the section follows it to the end.
    await expect(section.getByTestId('rollup-rebuild')).toContainText(
      /Daily figures rebuilt for America\/Los_Angeles|Rebuilding the daily figures for America\/Los_Angeles/,
    );
    await expect(section.getByTestId('rollup-rebuild')).toContainText(
      'Daily figures rebuilt for America/Los_Angeles',
    );

    await page.goto('/clicks-log');
    await expect(page.getByTestId('clicks-table').locator('tbody tr').first()).toContainText(
      local(visitAt, { dateStyle: 'medium', timeStyle: 'short' }, 'America/Los_Angeles'),
    );
  });
});
