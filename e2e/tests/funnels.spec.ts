import { expect, type Locator, type Page, test } from '@playwright/test';
import { BASE_URL, CHROME_UA, SHOP_URL } from '../playwright.config';
import { PASSWORD, uniqueEmail } from './helpers';

const SECOND = 1000;
const DAY = 86_400_000;
const CLIENT = { 'user-agent': CHROME_UA, 'x-forwarded-for': '81.2.69.142', 'content-type': 'text/plain' };

type Step = 'spring' | 'buy' | 'thanks' | 'other';
/** One visitor's events: what they did, seconds after the visit starts. */
type Visit = { start: number; events: [Step, number][] };

async function signUp(page: Page): Promise<void> {
  const answer = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: BASE_URL },
    data: { email: uniqueEmail('funnels'), password: PASSWORD, name: 'Funnel reader', acceptTerms: true },
  });
  expect(answer.ok()).toBe(true);
}

async function createWebsite(page: Page): Promise<string> {
  const answer = await page.request.post('/api/websites', {
    headers: { origin: BASE_URL },
    data: { name: 'Shop', rootDomain: 'shop.test' },
  });
  expect(answer.status()).toBe(201);
  return (await answer.json()).id;
}

/** Sends the visits through the collect endpoint, each visitor with its own ids and event times. */
async function sendVisits(page: Page, siteId: string, visits: Visit[]): Promise<void> {
  const tag = `${siteId.slice(0, 8)}${Date.now().toString(36)}`.replace(/[^A-Za-z0-9]/g, '');
  let n = 0;
  const events = visits.flatMap((visit, v) =>
    visit.events.map(([step, after]) => {
      const ts = visit.start + after * SECOND;
      const ids = {
        visitorId: `visitor-${tag}-${v}`,
        sessionId: `session-${tag}-${v}`,
        eventId: `event-${tag}-${++n}`,
        ts,
      };
      if (step === 'buy') return { type: 'click', url: 'https://shop.test/spring', selector: '#buy', ...ids };
      const path = { spring: '/spring', thanks: '/thank-you', other: '/about' }[step];
      return { type: 'pageview', url: `https://shop.test${path}`, ...ids };
    }),
  );
  const answer = await page.request.post('/api/collect', {
    headers: CLIENT,
    data: JSON.stringify({ site: siteId, events }),
  });
  expect(await answer.json()).toEqual({ accepted: events.length, dropped: [] });
}

/** 'spring@0 buy@60 thanks@240': what a visitor did, seconds after `start`. */
const visit = (start: number, script: string): Visit => ({
  start,
  events: script.split(' ').map((part) => {
    const [step, after] = part.split('@');
    return [step as Step, Number(after)];
  }),
});

/**
 * Known traffic for the funnel Spring page (/spring) → Add to cart (click #buy) → Thanks (/thank-you).
 * Today: A1 and A2 complete in 240 s and 120 s, A3 and A4 only see /spring; a real browser visit
 * (in the test) adds /spring and a click → 5 entries, 3 clicks, 2 complete, 180 s = 3 min.
 * 2–5 days ago: P1–P3 complete in 60, 120, 180 s, P4 clicks, P5 only /spring; noise that never
 * enters → 5 entries, 4 clicks, 3 complete, 120 s = 2 min.
 */
function knownVisits(now: number): Visit[] {
  const midnight = now - (now % DAY);
  // Today's visits lie after 00:00 UTC and in the past (the test starts 5 minutes into the day).
  const today = Math.max(midnight + SECOND, now - 20 * 60 * SECOND);
  const daysAgo = (d: number) => now - d * DAY;
  return [
    visit(today, 'spring@0 buy@60 thanks@240'),
    visit(today + 5 * SECOND, 'spring@0 buy@30 thanks@120'),
    visit(today + 10 * SECOND, 'spring@0'),
    visit(today + 15 * SECOND, 'other@0 spring@5'),
    visit(daysAgo(2), 'spring@0 buy@10 thanks@60'),
    visit(daysAgo(3), 'spring@0 buy@50 thanks@120'),
    visit(daysAgo(4), 'spring@0 buy@100 thanks@180'),
    visit(daysAgo(5), 'spring@0 buy@5'),
    visit(daysAgo(5), 'spring@0 other@5'),
    // Never enter: thanks alone, a click before any /spring view.
    visit(daysAgo(2), 'thanks@0'),
    visit(daysAgo(3), 'buy@0 thanks@20'),
  ];
}

const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const stepBar = (page: Page, name: string) => page.getByRole('listitem', { name });
const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

test.describe('funnel analysis', () => {
  test('a three-step funnel built in the editor shows the known step counts, drops and period changes', async ({
    page,
    context,
  }) => {
    // Today's known visits need about 5 minutes of today behind them: just after 00:00 UTC, wait.
    const sinceMidnight = Date.now() % DAY;
    const wait = Math.max(0, 5 * 60 * SECOND - sinceMidnight);
    test.setTimeout(120_000 + wait);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await signUp(page);
    const siteId = await createWebsite(page);
    await sendVisits(page, siteId, knownVisits(Date.now()));

    await page.goto('/funnels');
    await expect(page.getByRole('heading', { level: 2, name: 'Funnel Analysis' })).toBeVisible();
    await expect(page.getByText('No funnels created yet.')).toBeVisible();
    await expect(page.getByText('Select a funnel to visualize')).toBeVisible();

    // The editor: 'New Funnel' with 'Step 1', whose delete is disabled.
    await page.getByRole('button', { name: 'Create Funnel' }).click();
    const editor = page.getByRole('form', { name: 'Funnel editor' });
    await expect(textbox(editor, 'Funnel Name')).toHaveValue('New Funnel');
    const step1 = editor.getByRole('group', { name: 'Step 1' });
    await expect(textbox(step1, 'Step Name')).toHaveValue('Step 1');
    await expect(step1.getByRole('button', { name: 'Delete step' })).toBeDisabled();
    await textbox(editor, 'Funnel Name').fill('Spring checkout');
    await textbox(editor, 'Description').fill('From the spring sale to the order');
    await textbox(step1, 'Step Name').fill('Spring page');
    await textbox(step1, 'URL path contains').fill('/spring');

    await editor.getByRole('button', { name: 'Add Step' }).click();
    const step2 = editor.getByRole('group', { name: 'Step 2' });
    await expect(textbox(step2, 'Step Name')).toHaveValue('Step 2');
    await textbox(step2, 'Step Name').fill('Add to cart');
    await step2.getByText('CSS selector', { exact: true }).click();
    await textbox(step2, 'CSS selector').fill('#buy');

    // Add two steps, move the last one up, delete it: the steps renumber each time.
    await editor.getByRole('button', { name: 'Add Step' }).click();
    await editor.getByRole('button', { name: 'Add Step' }).click();
    await textbox(editor.getByRole('group', { name: 'Step 3' }), 'Step Name').fill('Thanks');
    await textbox(editor.getByRole('group', { name: 'Step 3' }), 'URL path contains').fill('/thank-you');
    await expect(textbox(editor.getByRole('group', { name: 'Step 4' }), 'Step Name')).toHaveValue('Step 4');
    await editor.getByRole('group', { name: 'Step 4' }).getByRole('button', { name: 'Move step up' }).click();
    await expect(textbox(editor.getByRole('group', { name: 'Step 3' }), 'Step Name')).toHaveValue('Step 4');
    await expect(textbox(editor.getByRole('group', { name: 'Step 4' }), 'Step Name')).toHaveValue('Thanks');
    await editor.getByRole('group', { name: 'Step 3' }).getByRole('button', { name: 'Delete step' }).click();
    await expect(editor.getByRole('group', { name: /^Step \d$/ })).toHaveCount(3);
    await expect(textbox(editor.getByRole('group', { name: 'Step 3' }), 'Step Name')).toHaveValue('Thanks');
    await editor.getByRole('button', { name: 'Save Funnel' }).click();

    // Saved: listed, expandable, and the analytics view opens.
    await expect(page.getByRole('tab', { name: 'Funnel Analytics' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand funnel Spring checkout' }).click();
    const row = page.getByTestId('funnel-row');
    await expect(row).toContainText('From the spring sale to the order');
    await expect(row.getByRole('listitem')).toHaveText(['Spring page', 'Add to cart', 'Thanks']);

    // A real visit on the shop: the tracker now sends clicks on #buy (a funnel step, no goal).
    const shop = await context.newPage();
    await shop.goto(`${SHOP_URL}/site/${siteId}/spring`);
    await expect
      .poll(async () => {
        const id = (await (await page.request.get(`/api/funnels?website_id=${siteId}`)).json())[0].id;
        return (await (await page.request.get(`/api/funnels/analytics/${id}?timeRange=today`)).json())
          .totalEntries;
      })
      .toBe(5);
    await shop.getByRole('button', { name: 'Add to cart' }).click();
    await expect
      .poll(async () => {
        const id = (await (await page.request.get(`/api/funnels?website_id=${siteId}`)).json())[0].id;
        const a = await (await page.request.get(`/api/funnels/analytics/${id}?timeRange=today`)).json();
        return a.stepConversions[1].visitors;
      })
      .toBe(3);
    await shop.close();
    await page.getByRole('button', { name: 'Refresh funnel data' }).click();

    // Funnel Analytics, today: 5 entries → 3 → 2.
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Today' }).click();
    await expect(card(page, 'Total Entries')).toContainText('5');
    await expect(card(page, 'Completion Rate')).toContainText('40.0%');
    await expect(card(page, 'Dropoff')).toContainText('60.0%');
    await expect(stepBar(page, 'Step 1: Spring page')).toContainText('5 visitors · 100.0%');
    await expect(stepBar(page, 'Step 2: Add to cart')).toContainText('3 visitors · 60.0%');
    await expect(stepBar(page, 'Step 2: Add to cart')).toContainText('40.0% drop from previous step');
    await expect(stepBar(page, 'Step 3: Thanks')).toContainText('2 visitors · 40.0%');
    await expect(stepBar(page, 'Step 3: Thanks')).toContainText('33.3% drop from previous step');
    // Bars are as wide as the conversion rate: 100%, 60%, 40% of the track.
    const widths = await page
      .getByTestId('step-bar')
      .evaluateAll((bars) =>
        bars.map((b) =>
          Math.round(
            (b.getBoundingClientRect().width / (b.parentElement?.getBoundingClientRect().width ?? 1)) * 100,
          ),
        ),
      );
    expect(widths).toEqual([100, 60, 40]);

    // Last 7 days: 10 → 7 → 5.
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    await expect(card(page, 'Total Entries')).toContainText('10');
    await expect(card(page, 'Completion Rate')).toContainText('50.0%');
    await expect(stepBar(page, 'Step 2: Add to cart')).toContainText('7 visitors · 70.0%');
    await expect(stepBar(page, 'Step 2: Add to cart')).toContainText('30.0% drop from previous step');
    await expect(stepBar(page, 'Step 3: Thanks')).toContainText('5 visitors · 50.0%');
    await expect(stepBar(page, 'Step 3: Thanks')).toContainText('28.6% drop from previous step');

    // Compare Periods: week against the month before it (nothing there), then today against the week before.
    await page.getByRole('tab', { name: 'Compare Periods' }).click();
    await expect(page.getByRole('combobox', { name: 'Current period' })).toHaveValue('Last 7 days');
    await expect(page.getByRole('combobox', { name: 'Previous period' })).toHaveValue('Last 30 days');
    await expect(card(page, 'Total Visitors')).toContainText('10');
    await expect(card(page, 'Total Visitors')).toContainText('—');
    await expect(card(page, 'Time to Conversion')).toContainText('2 min'); // 720 s / 5 = 144 s

    await page.getByRole('combobox', { name: 'Current period' }).click();
    await page.getByRole('option', { name: 'Today' }).click();
    await page.getByRole('combobox', { name: 'Previous period' }).click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    await expect(card(page, 'Total Visitors')).toContainText('5');
    await expect(card(page, 'Total Visitors')).toContainText('0.0%');
    await expect(card(page, 'Completion Rate')).toContainText('40.0%');
    await expect(card(page, 'Completion Rate')).toContainText('-33.3%'); // (0.4 − 0.6) / 0.6
    await expect(card(page, 'Time to Conversion')).toContainText('3 min');
    await expect(card(page, 'Time to Conversion')).toContainText('+50.0%'); // (180 − 120) / 120
    await expect(card(page, 'Time to Conversion')).toContainText('2 min');
    const rows = page.getByRole('table', { name: 'Step-by-step comparison' }).getByRole('row');
    await expect(rows.nth(1)).toHaveText(/1\. Spring page\s*55\s*0\.0%\s*100\.0%\s*100\.0%\s*0\.0%/);
    await expect(rows.nth(2)).toHaveText(/2\. Add to cart\s*34\s*-25\.0%\s*60\.0%\s*80\.0%\s*-25\.0%/);
    await expect(rows.nth(3)).toHaveText(/3\. Thanks\s*23\s*-33\.3%\s*40\.0%\s*60\.0%\s*-33\.3%/);
    const opportunities = page.getByRole('alert').filter({ hasText: 'Improvement Opportunities' });
    await expect(opportunities.getByRole('listitem')).toHaveText([
      /^Add to cart: conversion rate -25\.0%/,
      /^Thanks: conversion rate -33\.3%/,
    ]);

    // Edit: the editor opens with the saved steps; then delete with confirmation.
    await page.getByRole('button', { name: 'Edit funnel Spring checkout' }).click();
    await expect(textbox(editor, 'Funnel Name')).toHaveValue('Spring checkout');
    await expect(textbox(editor.getByRole('group', { name: 'Step 2' }), 'CSS selector')).toHaveValue('#buy');
    await textbox(editor, 'Funnel Name').fill('Spring sale checkout');
    await editor.getByRole('button', { name: 'Save Funnel' }).click();
    await expect(page.getByRole('button', { name: 'Edit funnel Spring sale checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete funnel Spring sale checkout' }).click();
    await expect(page.getByText('Are you sure you want to delete this funnel?')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('No funnels created yet.')).toBeVisible();
    await expect(page.getByText('Select a funnel to visualize')).toBeVisible();
  });

  test('a failed analytics call says so and Try Again loads it; an empty funnel says it has no data', async ({
    page,
  }) => {
    await signUp(page);
    const siteId = await createWebsite(page);
    const created = await page.request.post('/api/funnels', {
      headers: { origin: BASE_URL },
      data: {
        website_id: siteId,
        name: 'Quiet',
        steps: [{ name: 'Landing', conditions: { path: '/landing' } }],
      },
    });
    expect(created.status()).toBe(201);

    let fail = true;
    await page.route('**/api/funnels/analytics/**', (route) =>
      fail ? route.fulfill({ status: 500, body: '{"error":"boom"}' }) : route.continue(),
    );
    await page.goto('/funnels');
    await page.getByRole('button', { name: 'Quiet 1 step' }).click();
    await expect(page.getByText('Failed to load funnel analytics. Please try again.')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('No analytics data available for this funnel yet.')).toBeVisible();
    await page.getByRole('tab', { name: 'Compare Periods' }).click();
    await expect(page.getByText('No comparison data available.')).toBeVisible();

    // The editor refuses a step without a condition, in the spec's words.
    await page.getByRole('button', { name: 'Edit funnel Quiet' }).click();
    const editor = page.getByRole('form', { name: 'Funnel editor' });
    await editor.getByRole('button', { name: 'Add Step' }).click();
    await editor.getByRole('button', { name: 'Save Funnel' }).click();
    await expect(editor.getByRole('alert')).toHaveText('Step 2 needs a URL path or a CSS selector');
    const step2 = editor.getByRole('group', { name: 'Step 2' });
    await step2.getByText('CSS selector', { exact: true }).click();
    await textbox(step2, 'CSS selector').fill('button[');
    await editor.getByRole('button', { name: 'Save Funnel' }).click();
    await expect(editor.getByRole('alert')).toHaveText('Step 2 has an invalid CSS selector');
    await textbox(step2, 'CSS selector').fill('.signup');
    await editor.getByRole('button', { name: 'Save Funnel' }).click();
    await expect(page.getByRole('button', { name: 'Quiet 2 steps' })).toBeVisible();
    // The tracker now reports clicks on the new step's selector.
    const config = await (await page.request.get(`/api/collect/config?site=${siteId}`)).json();
    expect(config.cs).toEqual(['.signup']);
  });

  test('failed loads, saves and deletes say so in the spec words', async ({ page }) => {
    test.setTimeout(120_000);
    await signUp(page);
    const siteId = await createWebsite(page);
    const created = await page.request.post('/api/funnels', {
      headers: { origin: BASE_URL },
      data: {
        website_id: siteId,
        name: 'Quiet',
        steps: [{ name: 'Landing', conditions: { path: '/landing' } }],
      },
    });
    expect(created.status()).toBe(201);
    const boom = { status: 500, contentType: 'application/json', body: '{"error":"boom"}' };

    // The list itself (queries retry twice before they give up).
    const list = /\/api\/funnels\?/;
    await page.route(list, (route) => route.fulfill(boom));
    await page.goto('/funnels');
    await expect(page.getByText('Failed to load funnels. Please try again.')).toBeVisible({
      timeout: 20_000,
    });
    await page.unroute(list);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('button', { name: 'Quiet 1 step' })).toBeVisible();

    // Saving and deleting.
    await page.route(/\/api\/funnels\/[^/?]+$/, (route) =>
      ['PUT', 'DELETE'].includes(route.request().method()) ? route.fulfill(boom) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Edit funnel Quiet' }).click();
    const editor = page.getByRole('form', { name: 'Funnel editor' });
    await editor.getByRole('button', { name: 'Save Funnel' }).click();
    await expect(editor.getByRole('alert')).toHaveText('Failed to save funnel. Please try again.');
    await page.goto('/funnels');
    await page.getByRole('button', { name: 'Delete funnel Quiet' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Failed to delete funnel. Please try again.')).toBeVisible();

    // The period comparison.
    await page.route('**/api/funnels/analytics/compare**', (route) => route.fulfill(boom));
    await page.getByRole('button', { name: 'Quiet 1 step' }).click();
    await page.getByRole('tab', { name: 'Compare Periods' }).click();
    await expect(page.getByText('Failed to load comparison data. Please try again.')).toBeVisible({
      timeout: 20_000,
    });
  });

  test('without a website the screen asks to select or create one', async ({ page }) => {
    await signUp(page);
    await page.goto('/funnels');
    await expect(page.getByRole('heading', { level: 2, name: 'Funnel Analysis' })).toBeVisible();
    await expect(page.getByText('No Website Selected')).toBeVisible();
    await expect(
      page.getByText("You don't have any websites yet. Create your first website to get started."),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Funnel' })).toHaveCount(0);
  });
});
