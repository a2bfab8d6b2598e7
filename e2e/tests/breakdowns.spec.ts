import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { BASE_URL, CHROME_UA } from '../playwright.config';
import { PASSWORD, uniqueEmail } from './helpers';

const MINUTE = 60_000;
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function post(page: Page, path: string, data: unknown) {
  const answer = await page.request.post(path, { headers: { origin: BASE_URL }, data });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return answer.json();
}

interface Hit {
  path: string;
  referrer?: string;
  minutesAgo: number;
  props?: Record<string, string>;
}

/** One visitor's session through the collect endpoint, from an address and a browser of its own. */
async function visit(
  page: Page,
  siteId: string,
  visitor: string,
  client: { ua: string; ip: string; sw: number },
  hits: Hit[],
) {
  const id = `${visitor}${siteId.slice(0, 8)}`.replace(/[^A-Za-z0-9]/g, '');
  const now = Date.now();
  const events = hits.map((h, i) => ({
    type: h.props ? 'custom' : 'pageview',
    ...(h.props ? { name: 'purchase', props: h.props } : {}),
    url: `https://shop.test${h.path}`,
    ...(h.referrer ? { referrer: h.referrer } : {}),
    visitorId: `visitor-${id}`,
    sessionId: `session-${id}`,
    eventId: `event-${id}-${i}`,
    ts: now - h.minutesAgo * MINUTE,
    sw: client.sw,
  }));
  const answer = await page.request.post('/api/collect', {
    headers: { 'user-agent': client.ua, 'x-forwarded-for': client.ip, 'content-type': 'text/plain' },
    data: JSON.stringify({ site: siteId, events }),
  });
  expect(await answer.json()).toEqual({ accepted: hits.length, dropped: [] });
}

/**
 * Three visitors (screens 1920, 390 and 1280 px wide): a (GB, Chrome on Linux) from the Spring newsletter buys the pro plan; b (US,
 * Safari on an iPhone) from Google looks at the blog and buys the free plan; c (DE, Firefox on
 * Windows) comes direct and reads the blog.
 */
async function setUpShop(page: Page) {
  await post(page, '/api/auth/sign-up/email', {
    email: uniqueEmail('breakdowns'),
    password: PASSWORD,
    name: 'Breakdown reader',
    acceptTerms: true,
  });
  const site = await post(page, '/api/websites', { name: 'Breakdown Shop', rootDomain: 'shop.test' });
  await post(page, `/api/websites/${site.id}/goals`, {
    name: 'Purchase',
    type: 'event',
    conditions: { event: 'purchase' },
  });
  await visit(page, site.id, 'a', { ua: CHROME_UA, ip: '81.2.69.142', sw: 1920 }, [
    {
      path: '/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=beans&utm_content=hero',
      minutesAgo: 30,
    },
    { path: '/checkout', minutesAgo: 29 },
    { path: '/checkout', minutesAgo: 28, props: { plan: 'pro' } },
  ]);
  await visit(page, site.id, 'b', { ua: IPHONE_UA, ip: '8.8.8.8', sw: 390 }, [
    { path: '/blog', referrer: 'https://www.google.com/', minutesAgo: 20 },
    { path: '/pricing', minutesAgo: 19 },
    { path: '/pricing', minutesAgo: 18, props: { plan: 'free' } },
  ]);
  await visit(page, site.id, 'c', { ua: FIREFOX_UA, ip: '5.9.0.1', sw: 1280 }, [
    { path: '/', minutesAgo: 10 },
    { path: '/blog', minutesAgo: 9 },
  ]);
}

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Opens a tab of a panel and expects the first column of its rows. */
async function expectTab(section: Locator, tab: string, dimension: string, labels: (string | RegExp)[]) {
  await section.getByRole('tab', { name: tab, exact: true }).click();
  const rows = section.getByTestId(`breakdown-${dimension}`).locator('tbody tr td:first-child');
  await expect(rows).toHaveText(labels);
}

test.describe('Dashboard breakdowns', () => {
  test('every panel and tab shows the known visits; Details searches and exports; a row filters', async ({
    page,
  }) => {
    await setUpShop(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
    // The panels render when their place comes near the window.
    await page.getByTestId('breakdowns').scrollIntoViewIfNeeded();

    const pages = panel(page, 'Pages');
    await expectTab(pages, 'Top pages', 'page', ['/blog', '/pricing', '/', '/checkout']);
    await expectTab(pages, 'Entry pages', 'entry_page', ['/', '/blog', '/pricing']);
    await expectTab(pages, 'Exit pages', 'exit_page', ['/blog', '/checkout', '/pricing']);

    const sources = panel(page, 'Sources');
    await expectTab(sources, 'Channels', 'channel', ['Direct', 'Email', 'Organic search']);
    await expectTab(sources, 'Referrers', 'referrer', ['www.google.com']);
    await expectTab(sources, 'UTM', 'utm_source', ['newsletter']);
    await sources.getByLabel('UTM parameter').selectOption('utm_term');
    await expect(sources.getByTestId('breakdown-utm_term').locator('tbody tr')).toHaveText([
      'beans133.3%100.0%',
    ]);
    await sources.getByRole('tab', { name: 'Campaigns', exact: true }).click();
    await expect(sources.getByText('No campaign visits in this range')).toBeVisible();

    const locations = panel(page, 'Locations');
    // The map (the first tab) colours the three countries; each says its visitors and filters.
    const map = locations.getByTestId('country-map');
    await expect(map.getByRole('button', { name: /^Filter by country / })).toHaveCount(3);
    await expect(map.getByRole('button', { name: 'Filter by country Germany: 1 visitor' })).toBeVisible();
    await expectTab(locations, 'Countries', 'country', ['Germany', 'United Kingdom', 'United States']);
    // DB-IP Lite's city database, from each visit's address (before it is anonymized).
    await expectTab(locations, 'Regions', 'region', [
      'Bavaria, Germany',
      'California, United States',
      'England, United Kingdom',
    ]);
    await expectTab(locations, 'Cities', 'city', [
      'Falkenstein, Bavaria, Germany',
      'London, England, United Kingdom',
      'Mountain View, California, United States',
    ]);
    await expect(locations.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute(
      'href',
      'https://db-ip.com',
    );

    const devices = panel(page, 'Devices');
    await expectTab(devices, 'Devices', 'device', ['Desktop', 'Mobile']);
    await expectTab(devices, 'Browsers', 'browser', [/Chrome/, /Firefox/, /Safari/]);
    await expectTab(devices, 'OS', 'os', [/Linux/, /Windows/, /iOS/]);
    await expectTab(devices, 'Screens', 'screen', ['Desktop', 'Laptop', 'Mobile']);

    const goals = panel(page, 'Goals');
    await expect(goals.getByTestId('breakdown-goal').locator('tbody tr')).toHaveText(['Purchase266.7%66.7%']);
    await goals.getByRole('tab', { name: 'Properties' }).click();
    await goals.getByLabel('Goal', { exact: true }).selectOption('Purchase');
    await expect(goals.getByLabel('Property', { exact: true })).toHaveValue('plan');
    await expect(goals.getByTestId('breakdown-prop:plan').locator('tbody tr')).toHaveText([
      'free150.0%100.0%',
      'pro150.0%100.0%',
    ]);

    // Details: every row with pageviews and conversions, a search, and the CSV of what is shown.
    await pages.getByRole('tab', { name: 'Top pages' }).click();
    await pages.getByRole('button', { name: /details/i }).click();
    const details = page.getByRole('dialog', { name: 'Pages: Top pages' });
    await expect(details.getByTestId('breakdown-page').locator('tbody tr')).toHaveCount(4);
    await details.getByLabel('Search').fill('PRIC');
    await expect(details.getByTestId('breakdown-page').locator('tbody tr')).toHaveText([
      '/pricing266.7%22100.0%',
    ]);
    const download = page.waitForEvent('download');
    await details.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('page-7d.csv');
    const csv = await readFile((await file.path()) ?? '', 'utf8');
    expect(csv).toBe(
      'Value,Name,Visitors,Share %,Pageviews,Conversions,Conversion rate %\r\n/pricing,/pricing,2,66.7,2,2,100\r\n',
    );
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // A row filters the breakdowns: kept in the address, shown as a chip, removable.
    await locations.getByRole('tab', { name: 'Countries' }).click();
    await locations.getByRole('button', { name: 'Filter by United Kingdom' }).click();
    await expect(page).toHaveURL(/[?&]country=GB/);
    await expect(page.getByTestId('filter-chips')).toContainText('Country: United Kingdom');
    await expect(pages.getByTestId('breakdown-page').locator('tbody tr td:first-child')).toHaveText([
      '/checkout',
      '/pricing',
    ]);
    await page.getByRole('button', { name: 'Remove filter Country: United Kingdom' }).click();
    await expect(page.getByTestId('filter-chips')).toBeHidden();
    await expect(pages.getByTestId('breakdown-page').locator('tbody tr')).toHaveCount(4);
  });
});
