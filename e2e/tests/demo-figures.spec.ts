import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';

// Issue 53: one word per unit, one conversion rate, and panels that show the same thing read the
// same rows — checked on the demo data (scripts/demo.mjs, sent through the real collect endpoint).

const DEMO = { email: 'demo@ocx.local', password: 'ocx-demo-password' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const script = join(test.info().config.rootDir, '..', '..', 'scripts', 'demo.mjs');
  // A small demo: a few hundred visits over six days, credited before it returns.
  await promisify(execFile)(process.execPath, [script], {
    env: { ...process.env, DEMO_URL: BASE_URL, DEMO_VISITORS: '160', DEMO_SEED: '53' },
    timeout: 280_000,
  });
});

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const count = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** A breakdown panel's tab as rows of [label, visitors, conv. rate]. */
async function tabRows(page: Page, panel: string, tab: string): Promise<[string, number, string][]> {
  const card = page.locator('section', { has: page.getByRole('heading', { name: panel, exact: true }) });
  await card.getByRole('tab', { name: tab }).click();
  const rows = card.getByRole('tabpanel').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const out: [string, number, string][] = [];
  for (const row of await rows.all()) {
    const cells = await row.locator('td').allInnerTexts();
    out.push([(cells[0] ?? '').trim(), count(cells[1] ?? ''), (cells.at(-1) ?? '').trim()]);
  }
  return out;
}

async function allTime(page: Page) {
  await page.getByRole('radiogroup', { name: 'Time range' }).getByText('All Time').click();
  await expect(page.getByTestId('card-Total Clicks').getByTestId('card-value')).not.toHaveText('0');
}

const breakdowns = (page: Page) => page.getByTestId('breakdown-panels');

async function openBreakdowns(page: Page) {
  await page.getByTestId('breakdowns').scrollIntoViewIfNeeded();
  await expect(breakdowns(page)).toBeVisible();
}

function cardValue(card: Locator, metric: string) {
  return card.locator(`[data-metric="${metric}"]`);
}

test('the dashboard’s conversion rate is converting visitors ÷ visitors, every card says its unit', async ({
  page,
}) => {
  await signIn(page);
  await allTime(page);
  const visitors = count(
    await page.getByTestId('card-Unique Visitors').getByTestId('card-value').innerText(),
  );
  const rateCard = page.getByTestId('card-Conversion Rate');
  const caption = await rateCard.getByTestId('card-unit').innerText();
  const [, converted, of] = caption.match(/^([\d,]+) of ([\d,]+) visitors converted$/) ?? [];
  expect(count(of ?? '')).toBe(visitors);
  const expected = Math.round((count(converted ?? '') / visitors) * 1000) / 10;
  await expect(rateCard.getByTestId('card-value')).toHaveText(`${expected.toFixed(1)}%`);
  await expect(page.getByTestId('card-Total Clicks').getByTestId('card-unit')).toHaveText('page views');
  await expect(page.getByTestId('card-Unique Visitors').getByTestId('card-unit')).toHaveText('visitors');
  await expect(page.getByTestId('top-pages').locator('thead')).toContainText('page views');
});

test('the Clicks Log’s clicks are the dashboard’s visits: one word, one count', async ({ page }) => {
  await signIn(page);
  await allTime(page);
  // Every demo visit lies in the last 6 days: inside All Time and the Clicks Log's 30 days.
  const line = await page.getByTestId('consent-share').innerText();
  const [, visits] = line.match(/\(\d[\d,]* of ([\d,]+)\)/) ?? [];
  expect(count(visits ?? '')).toBeGreaterThan(0);
  await page.goto('/clicks-log');
  await expect(page.getByTestId('log-showing')).toHaveText(`Showing 10 of ${visits} clicks`);
});

test('Top Referrers and Traffic Source Distribution show the Referrers and Channels tabs’ visitors', async ({
  page,
}) => {
  await signIn(page);
  await allTime(page);
  const top = page.getByTestId('top-referrers');
  await expect(top.locator('thead')).toContainText('Visitors');
  await expect(top.locator('tbody tr').first()).toBeVisible();
  const topRows: [string, number][] = [];
  for (const row of await top.locator('tbody tr').all()) {
    const cells = await row.locator('td').allInnerTexts();
    topRows.push([(cells[1] ?? '').trim(), count(cells[2] ?? '')]);
  }
  const channels = new Map<string, number>();
  for (const channel of ['paid', 'organic', 'social', 'email', 'referral', 'direct']) {
    const card = page.getByTestId(`channel-${channel}`);
    await expect(card.getByTestId('channel-count')).not.toHaveText('…');
    // The card's label is the Channels tab's (Paid, Organic search, …).
    const label = ((await card.innerText()).split('\n')[0] ?? '').trim();
    channels.set(label, count(await card.getByTestId('channel-count').innerText()));
  }
  expect([...channels.values()].some((n) => n > 0)).toBe(true);

  await openBreakdowns(page);
  const referrers = await tabRows(page, 'Sources', 'Referrers');
  expect(topRows).toEqual(referrers.map(([name, n]) => [name, n]));
  const tab = new Map((await tabRows(page, 'Sources', 'Channels')).map(([name, n]) => [name, n]));
  for (const [label, n] of channels) expect([label, tab.get(label) ?? 0]).toEqual([label, n]);
});

test('a campaign card’s conversion rate is its row in the dashboard’s Campaigns tab', async ({ page }) => {
  await signIn(page);
  await allTime(page);
  await openBreakdowns(page);
  const tab = new Map(
    (await tabRows(page, 'Sources', 'Campaigns')).map(([name, visitors, rate]) => [name, { visitors, rate }]),
  );
  await page.goto('/campaigns');
  const cards = page.getByTestId('campaign-card');
  await expect(cards.first()).toBeVisible();
  let compared = 0;
  for (const card of await cards.all()) {
    const name = (await card.getAttribute('aria-label')) ?? '';
    const row = tab.get(name);
    if (!row) continue;
    const rate = cardValue(card, 'Conv. Rate');
    await expect(rate).toContainText(row.rate);
    await expect(rate.getByTestId('metric-unit')).toContainText(
      new RegExp(`of ${row.visitors.toLocaleString('en-US')} visitors?$`),
    );
    await expect(cardValue(card, 'Clicks').getByTestId('metric-unit')).toHaveText('visits that arrived');
    await expect(cardValue(card, 'Conversions').getByTestId('metric-unit')).toHaveText(
      'credited by the model',
    );
    compared += 1;
  }
  expect(compared).toBeGreaterThan(1);
});

test('a landing page’s card and statistics show the same clicks and conversion rate', async ({ page }) => {
  await signIn(page);
  await page.goto('/landing-pages');
  const card = page.getByTestId('landing-page-card').filter({ hasText: 'Spring sale' });
  const clicks = await cardValue(card, 'Clicks').locator('p').nth(1).innerText();
  const rate = await cardValue(card, 'Conv. Rate').locator('p').nth(1).innerText();
  expect(count(clicks)).toBeGreaterThan(0);
  await card.getByRole('link', { name: /^View statistics of / }).click();
  const stats = page;
  await expect(stats.getByTestId('stat-Clicks').getByTestId('stat-value')).toHaveText(clicks);
  await expect(stats.getByTestId('stat-Conversion Rate').getByTestId('stat-value')).toHaveText(rate);
});

test('a source says its clicks are campaign clicks, and Analytics says which credit has no campaign', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/sources');
  const social = page.getByTestId('source-card').filter({ hasText: 'Social' }).first();
  await expect(cardValue(social, 'Campaign clicks')).toContainText('visits through its campaign links');
  await expect(page.getByTestId('sources-note')).toContainText('channels of the same name count every visit');
  // Analytics: the credit of every touchpoint without a campaign is not the Direct channel's.
  await page.goto('/analytics');
  const byCampaign = page.getByRole('region', { name: 'By campaign' });
  await expect(byCampaign.getByRole('rowheader', { name: 'No campaign (any channel)' })).toBeVisible();
  await expect(byCampaign.getByRole('rowheader', { name: /^Direct/ })).toHaveCount(0);
});
