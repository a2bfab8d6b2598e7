import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, CHROME_UA } from '../playwright.config';
import { PASSWORD, uniqueEmail } from './helpers';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const CLIENT = { 'user-agent': CHROME_UA, 'content-type': 'text/plain' };
const headers = { origin: BASE_URL };
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Two shoppers: one comes through Black Friday Sale, then Retarget, and buys for $100; the other
 * through Black Friday Sale only and buys for $60. First touch gives Black Friday both ($160);
 * last touch gives it the $60 one and Retarget the $100 one.
 */
async function shop(page: Page) {
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers,
    data: { email: uniqueEmail('spend'), password: PASSWORD, name: 'Marketer', acceptTerms: true },
  });
  expect(signUp.ok()).toBe(true);
  const site = await (
    await page.request.post('/api/websites', { headers, data: { name: 'Shop', rootDomain: 'shop.test' } })
  ).json();
  await page.request.post(`/api/websites/${site.id}/goals`, {
    headers,
    data: { name: 'Purchase', type: 'event', conditions: { event: 'purchase' } },
  });
  const campaign = async (name: string, network: string, source: string, utm: string) =>
    (
      await page.request.post(`/api/websites/${site.id}/campaigns`, {
        headers,
        data: { name, network, source, landingPage: 'https://shop.test/sale', utmParams: { campaign: utm } },
      })
    ).json();
  const friday = await campaign('Black Friday Sale', 'Google Ads', 'Search', 'black_friday_sale');
  const retarget = await campaign('Retarget', 'Facebook', 'Social', 'retarget');
  const now = Date.now();
  const tag = now.toString(36);
  const visit = (visitorId: string, ocxid: string, i: number, ts: number) => ({
    type: 'pageview',
    url: `https://shop.test/sale?ocxid=${ocxid}`,
    visitorId,
    sessionId: `${visitorId}-s${i}`,
    eventId: `${visitorId}-l${i}`,
    ts,
  });
  const buy = (landing: ReturnType<typeof visit>, value: number) => ({
    ...landing,
    type: 'custom',
    name: 'purchase',
    eventId: `${landing.visitorId}-buy`,
    value,
    currency: 'USD',
    ts: now - 60_000,
  });
  const a = `shopper-a-${tag}`;
  const b = `shopper-b-${tag}`;
  const aLast = visit(a, retarget.ocxid, 1, now - HOUR);
  const bOnly = visit(b, friday.ocxid, 0, now - 2 * HOUR);
  const events = [visit(a, friday.ocxid, 0, now - 3 * HOUR), aLast, buy(aLast, 100), bOnly, buy(bOnly, 60)];
  const answer = await page.request.post('/api/collect', {
    headers: CLIENT,
    data: JSON.stringify({ site: site.id, events }),
  });
  expect(await answer.json()).toEqual({ accepted: events.length, dropped: [] });
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/conversions?websiteId=${site.id}`);
      const list = (await res.json()) as { credit_status: string }[];
      return list.filter((c) => c.credit_status === 'credited').length;
    })
    .toBe(2);
  return site.id as string;
}

/** WCAG 2.1 A and AA rules, as the accessibility spec checks every screen (there without spend). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A Google Ads daily campaign report download: $40 on each of two days, a duplicate, an unknown campaign. */
function googleAdsReport(): string {
  const day1 = isoDay(Date.now() - 2 * DAY);
  const day2 = isoDay(Date.now() - DAY);
  return [
    'Campaign report',
    '"Last 7 days"',
    'Day,Campaign,Currency code,Cost,Impr.,Clicks',
    `${day1},black_friday_sale,USD,40.00,"1,204",37`,
    `${day2},Black Friday Sale,USD,40.00,980,31`,
    `${day2},black_friday_sale,USD,40.00,980,31`,
    `${day2},Winter Teaser,USD,12.50,400,8`,
    'Total: Account,--,USD,132.50,--,--',
  ].join('\r\n');
}

test.describe.configure({ timeout: 180_000 });

test('Ad spend: a Google Ads report imported through the preview gives CPA and ROAS on the card and per model', async ({
  page,
}) => {
  await shop(page);
  await page.goto('/campaigns');
  const card = page.getByTestId('campaign-card').filter({ hasText: 'Black Friday Sale' });
  await expect(card.getByTestId('campaign-spend')).toContainText('No ad spend yet');

  await page.getByRole('button', { name: 'Import costs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import costs' });
  await dialog.getByTestId('cost-file').setInputFiles({
    name: 'campaign-report.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(googleAdsReport()),
  });
  const summary = dialog.getByTestId('cost-preview-summary');
  await expect(summary).toContainText('2 matched');
  await expect(summary).toContainText('1 without a campaign');
  await expect(summary).toContainText('1 duplicate');
  await expect(dialog.getByText('Google Ads report')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const preview = dialog.getByTestId('cost-preview');
  await expect(preview.getByRole('row', { name: /Winter Teaser/ })).toContainText('No campaign');
  await expect(preview.getByRole('row', { name: /^6 / })).toContainText('same day as line 5, skipped');
  await page.screenshot({ path: 'test-results/ad-spend-preview-1440.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Import 2 matched rows' }).click();
  await expect(dialog).toBeHidden();

  // The card: all time, under the website's model (first touch): $80 for 2 conversions worth $160.
  const spend = card.getByTestId('campaign-spend');
  await expect(spend.locator('[data-metric="Cost"]')).toContainText('$80.00');
  await expect(spend.locator('[data-metric="CPA"]')).toContainText('$40.00');
  await expect(spend.locator('[data-metric="ROAS"]')).toContainText('2.00×');
  await page.screenshot({ path: 'test-results/ad-spend-campaigns-1440.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/analytics');
  const table = page.getByTestId('comparison-by-campaign');
  const friday = table.getByRole('row', { name: /Black Friday Sale/ });
  // Columns: First, Last, … ; first touch ROAS 2.00× and CPA $40.00, last touch 0.75× and $80.00.
  await expect(friday.getByRole('cell').nth(0).getByTestId('spend-lines')).toContainText('ROAS 2.00×');
  await expect(friday.getByRole('cell').nth(0).getByTestId('spend-lines')).toContainText('CPA $40.00');
  await expect(friday.getByRole('cell').nth(1).getByTestId('spend-lines')).toContainText('ROAS 0.75×');
  await expect(friday.getByRole('cell').nth(1).getByTestId('spend-lines')).toContainText('CPA $80.00');
  await expect(friday.getByRole('cell').last()).toHaveText('$80.00');
  const roas = page.getByTestId('spend-comparison');
  const row = roas.getByRole('row', { name: /Black Friday Sale/ });
  await expect(row.getByRole('cell').nth(1)).toContainText('2.00×');
  await expect(row.getByRole('cell').nth(2)).toContainText('0.75×');
  await page.locator('section[aria-labelledby="spend-by-model"] label', { hasText: /^Network$/ }).click();
  await expect(
    roas
      .getByRole('row', { name: /Google Ads/ })
      .getByRole('cell')
      .nth(0),
  ).toHaveText('$80.00');
  await page.screenshot({ path: 'test-results/ad-spend-analytics-1440.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // The dashboard's campaign panel: cost, CPA and ROAS under the model it shows (first touch).
  await page.goto('/dashboard');
  await page.getByTestId('attribution-section').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('campaign-credits').locator('tbody tr')).toHaveText([
    'Black Friday Sale2$160.00$80.00$40.002.00×',
  ]);
  await page.getByTestId('campaign-credits').screenshot({ path: 'test-results/ad-spend-dashboard-1440.png' });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/campaigns');
  await expect(card.getByTestId('campaign-spend').locator('[data-metric="ROAS"]')).toContainText('2.00×');
  await page.screenshot({ path: 'test-results/ad-spend-campaigns-390.png', fullPage: true });
  await page.goto('/analytics');
  await expect(page.getByTestId('spend-comparison')).toBeVisible();
  await page.screenshot({ path: 'test-results/ad-spend-analytics-390.png', fullPage: true });
});

test('Ad spend: a malformed report says which line and saves nothing', async ({ page }) => {
  await shop(page);
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Import costs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import costs' });
  await dialog.getByTestId('cost-file').setInputFiles({
    name: 'broken.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Day,Campaign,Currency code,Cost\n2026-11-20,black_friday_sale,USD,4O.00\n'),
  });
  await expect(dialog.getByRole('alert')).toContainText(
    'Line 2: "4O.00" in the Cost column is not an amount',
  );
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const retarget = page.getByTestId('campaign-card').filter({ hasText: 'Retarget' });
  await expect(retarget.getByTestId('campaign-spend')).toContainText('No ad spend yet');

  // By hand: $25 over two days (12.50 each) on Retarget, which first touch credits nothing.
  await page.setViewportSize({ width: 390, height: 844 });
  await retarget.getByRole('button', { name: 'Add spend' }).click();
  const form = page.getByRole('dialog', { name: 'Add spend: Retarget' });
  await form.getByLabel('From').fill(isoDay(Date.now() - 2 * DAY));
  await form.getByLabel('To').fill(isoDay(Date.now() - DAY));
  await form.getByLabel('Amount').fill('25');
  await page.screenshot({ path: 'test-results/ad-spend-manual-390.png' });
  await form.getByRole('button', { name: 'Save spend' }).click();
  await expect(form).toBeHidden();
  const spend = retarget.getByTestId('campaign-spend');
  await expect(spend.locator('[data-metric="Cost"]')).toContainText('$25.00');
  await expect(spend.locator('[data-metric="CPA"]')).toContainText('—');
  await expect(spend.locator('[data-metric="ROAS"]')).toContainText('0.00×');
});
