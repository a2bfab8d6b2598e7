import { type AttributionModel, type AttributionRow, attributionModels } from '@ocx/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatConversions } from '../../components/attribution/attribution-comparison';
import { formatAmounts } from '../../components/logs/log-format';
import { SelectedWebsiteProvider } from '../../components/websites/selected-website';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { websiteFixture } from '../../test/website-fixture';
import AnalyticsPage from './analytics.page';

const row = (campaign: string | null, channel: string, conversions: number, usd: number): AttributionRow => ({
  campaignId: campaign ? campaign.toLowerCase() : null,
  campaignName: campaign,
  channel,
  conversions,
  value: usd,
  valueByCurrency: { USD: usd },
});

/** Three conversions that U-shaped and W-shaped split differently between Spring and Summer. */
const models: Record<AttributionModel, AttributionRow[]> = {
  first_touch: [row('Spring', 'paid', 2, 60), row(null, 'organic', 1, 20)],
  last_touch: [row('Summer', 'social', 2, 50), row('Spring', 'paid', 1, 30)],
  linear: [row('Spring', 'paid', 1.2, 36), row('Summer', 'social', 1, 30), row(null, 'organic', 0.8, 14)],
  time_decay: [row('Summer', 'social', 1.5, 45), row('Spring', 'paid', 1.5, 35)],
  position_based: [row('Spring', 'paid', 1.6, 48), row('Summer', 'social', 1.4, 32)],
  u_shaped: [row('Spring', 'paid', 1.6, 48), row('Summer', 'social', 1, 30), row(null, 'organic', 0.4, 2)],
  w_shaped: [row('Spring', 'paid', 1.2, 36), row('Summer', 'social', 1.4, 42), row(null, 'organic', 0.4, 2)],
  custom_weight: [],
};

/** What a cell shows: the conversions, then the value credit (in the test machine's locale). */
const figures = (conversions: number, usd: number) =>
  formatConversions(conversions) + formatAmounts({ USD: usd }).join('');

const U = attributionModels.indexOf('u_shaped');
const W = attributionModels.indexOf('w_shaped');

const NO_VISITS = { visits: 0, withoutConsent: 0, percent: 0 };

function openComparison(consent = NO_VISITS, website = websiteFixture('u_shaped')) {
  const api = fakeApi({
    '/api/websites': () => ({ body: [website] }),
    '/api/reports/attribution': () => ({
      body: { models, consent, spend: { campaigns: [], networks: [], sources: [] } },
    }),
    '/api/websites/w1/attribution-status': () => ({
      body: { activeVersion: 1, targetVersion: 1, running: false, done: 0, total: 0 },
    }),
  });
  renderScreen(
    <SelectedWebsiteProvider>
      <AnalyticsPage />
    </SelectedWebsiteProvider>,
  );
  return api;
}

const cellsOf = (table: HTMLElement, name: string) =>
  within(within(table).getByRole('row', { name: new RegExp(name) })).getAllByRole('cell');
const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((h) => h.textContent);

describe('attribution model comparison screen', () => {
  it("puts every model's credit per campaign side by side, W-shaped apart from U-shaped", async () => {
    openComparison();
    const table = await screen.findByTestId('comparison-by-campaign');

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Campaign',
      'First Touch',
      'Last Touch',
      'Linear',
      'Time Decay',
      'Position Based',
      'U-ShapedYour model',
      'W-Shaped',
      'Custom Weight',
    ]);
    // Sorted by the website's own model, U-shaped.
    expect(rowNames(table)).toEqual(['Spring', 'Summer', 'No campaign (any channel)', 'Total']);

    const spring = cellsOf(table, 'Spring');
    expect(spring).toHaveLength(attributionModels.length);
    expect(spring[U]?.textContent).toBe(figures(1.6, 48));
    expect(spring[W]?.textContent).toBe(figures(1.2, 36));
    expect(cellsOf(table, 'Summer')[W]?.textContent).toBe(figures(1.4, 42));
    expect(cellsOf(table, 'Total')[W]?.textContent).toBe(figures(3, 80));
  });

  it('groups the same report by channel under the shared channel labels', async () => {
    openComparison();
    const table = await screen.findByTestId('comparison-by-channel');

    expect(rowNames(table)).toEqual(['Paid', 'Social', 'Organic search', 'Total']);
    expect(cellsOf(table, 'Organic search')[W]?.textContent).toBe(figures(0.4, 2));
    expect(cellsOf(table, 'Social')[U]?.textContent).toBe(figures(1, 30));
  });

  it('asks for the report again over the last 7 days when that range is chosen', async () => {
    const { requests } = openComparison();
    await screen.findByTestId('comparison-by-campaign');
    const days = (url: URL) =>
      (Date.parse(url.searchParams.get('endDate') ?? '') -
        Date.parse(url.searchParams.get('startDate') ?? '')) /
      86_400_000;
    expect(requestsTo(requests, '/api/reports/attribution').map(days)).toEqual([30]);

    await userEvent.click(screen.getByLabelText('Last 7 days'));

    await waitFor(() => expect(requestsTo(requests, '/api/reports/attribution').map(days)).toEqual([30, 7]));
    expect(requestsTo(requests, '/api/reports/attribution')[1]?.searchParams.get('websiteId')).toBe('w1');
  });

  it('says how many visits it could not attribute across days: those without consent', async () => {
    openComparison({ visits: 6, withoutConsent: 1, percent: 16.7 });
    await screen.findByTestId('comparison-by-campaign');
    expect(screen.getByTestId('consent-share').textContent?.trim()).toBe(
      '16.7% of visits without consent (1 of 6): counted, not attributed across days.',
    );
  });

  it('shows 0% for a website that waits for consent', async () => {
    const waiting = {
      ...websiteFixture('u_shaped'),
      privacy: { ...websiteFixture().privacy, consentMode: 'require' as const },
    };
    openComparison({ visits: 4, withoutConsent: 0, percent: 0 }, waiting);
    await screen.findByTestId('comparison-by-campaign');
    expect(screen.getByTestId('consent-share').textContent).toContain(
      '0% of visits without consent (0 of 4)',
    );
  });

  it('shows no line for a website without consent waiting and no visits without it', async () => {
    openComparison({ visits: 4, withoutConsent: 0, percent: 0 });
    await screen.findByTestId('comparison-by-campaign');
    expect(screen.queryByTestId('consent-share')).toBeNull();
  });
});
