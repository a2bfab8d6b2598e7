import { Notifications } from '@mantine/notifications';
import type { Campaign, TrafficSource } from '@ocx/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { initialBuilder } from '../features/campaign-builder/builder-state';
import { SaveTemplateModal } from '../features/campaign-builder/save-template-modal';
import { CampaignCard } from '../features/campaigns/campaign-card';
import { CampaignFormModal } from '../features/campaigns/campaign-form-modal';
import CostImportDialog from '../features/campaigns/cost-import-dialog';
import ManualSpendModal from '../features/campaigns/manual-spend-modal';
import { SourceFormModal } from '../features/sources/source-form-modal';
import { GoalModal } from '../features/website-config/goal-modal';
import { NewApiKeyModal } from '../features/website-config/new-api-key-modal';
import { NewShareLinkModal } from '../features/website-config/new-share-link-modal';
import { fakeApi } from '../test/fake-api';
import { renderScreen } from '../test/render-screen';
import { websiteFixture } from '../test/website-fixture';
import { LandingPageFormModal } from './landing-pages/landing-page-form-modal';

const metrics = {
  clicks: 0,
  visitors: 0,
  convertedVisitors: 0,
  conversions: 0,
  conversionRate: 0,
  revenue: 0,
  revenueByCurrency: {},
};
const campaign: Campaign = {
  id: 'c1',
  websiteId: 'w1',
  name: 'Spring Sale',
  network: 'Bing Ads',
  source: 'Search',
  landingPage: 'https://shop.test/spring',
  utmParams: { source: 'bing', medium: 'ppc', campaign: 'spring-sale' },
  trackingParams: { ocxid: 'abc' },
  ocxid: 'abc',
  metrics,
  spend: { cost: {}, cpa: {}, roas: null },
  trackedUrl: 'https://shop.test/spring?ocxid=abc',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const source: TrafficSource = {
  id: 's1',
  websiteId: 'w1',
  slug: 'email',
  name: 'Email',
  description: '',
  isDefault: false,
  metrics,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const none = () => undefined;

// Each dialog's close button says which dialog it closes, so two open one after another are told apart.
const dialogs: [string, ReactNode][] = [
  [
    'Create New Campaign',
    <CampaignFormModal key="new" website={websiteFixture()} campaign={null} onClose={none} />,
  ],
  [
    'Edit Campaign',
    <CampaignFormModal key="edit" website={websiteFixture()} campaign={campaign} onClose={none} />,
  ],
  ['Add spend: Spring Sale', <ManualSpendModal key="spend" campaign={campaign} onClose={none} />],
  ['Import costs', <CostImportDialog key="import" websiteId="w1" onClose={none} />],
  [
    'Save as Template',
    <SaveTemplateModal key="tpl" websiteId="w1" state={initialBuilder} opened onClose={none} />,
  ],
  ['New Conversion Goal', <GoalModal key="goal" websiteId="w1" goal={null} opened onClose={none} />],
  ['Create API key', <NewApiKeyModal key="key" websiteId="w1" opened onClose={none} />],
  ['Share dashboard', <NewShareLinkModal key="share" websiteId="w1" opened onClose={none} />],
  ['New Traffic Source', <SourceFormModal key="new-source" websiteId="w1" opened onClose={none} />],
  [
    'Edit source "Email"',
    <SourceFormModal key="source" websiteId="w1" source={source} opened onClose={none} />,
  ],
  ['New Landing Page', <LandingPageFormModal key="page" website={websiteFixture()} opened onClose={none} />],
];

describe('dialog close buttons', () => {
  it.each(dialogs)('the %s dialog names its close button for itself', (title, dialog) => {
    fakeApi({});
    renderScreen(dialog);
    const opened = screen.getByRole('dialog', { name: title });
    expect(within(opened).getByRole('button', { name: `Close ${title} dialog` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close dialog' })).toBeNull();
  });

  it('the spend and cost-import notifications name their close buttons for what they say', async () => {
    fakeApi({
      '/api/websites/w1/campaigns/c1/costs': () => ({ body: { saved: 1, replaced: 0 } }),
      '/api/websites/w1/costs/preview': () => ({
        body: { layout: 'google_ads', matched: 1, unmatched: 0, duplicate: 0, rows: [] },
      }),
      '/api/websites/w1/costs/import': () => ({ body: { saved: 2, replaced: 0 } }),
    });
    renderScreen(
      <>
        <Notifications />
        <ManualSpendModal campaign={campaign} onClose={none} />
        <CostImportDialog websiteId="w1" onClose={none} />
      </>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save spend' }));
    const spend = (await screen.findByText('Spend saved for 1 day')).closest('[role="alert"]') as HTMLElement;
    expect(within(spend).getByRole('button', { name: 'Close spend saved notification' })).toBeTruthy();

    const report = 'Day,Campaign,Currency code,Cost\n2026-11-20,a,USD,1\n';
    await userEvent.upload(
      screen.getByTestId('cost-file'),
      new File([report], 'r.csv', { type: 'text/csv' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /^Import/ }));
    const costs = (await screen.findByText('Imported spend for 2 campaign days')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(costs).getByRole('button', { name: 'Close costs imported notification' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it("a campaign card's Edit button is named for its campaign", () => {
    fakeApi({});
    renderScreen(<CampaignCard campaign={campaign} onEdit={none} onAddSpend={none} />);
    expect(screen.getByRole('button', { name: 'Edit campaign Spring Sale' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete campaign Spring Sale' })).toBeTruthy();
  });
});
