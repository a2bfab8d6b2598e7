import type { Campaign } from '@ocx/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { websiteFixture } from '../../test/website-fixture';
import { CampaignFormModal } from './campaign-form-modal';

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
  utmParams: { source: 'bing ads', medium: 'Search', campaign: 'spring-sale' },
  trackingParams: { ocxid: 'abc' },
  ocxid: 'abc',
  metrics,
  spend: { cost: {}, cpa: {}, roas: null },
  trackedUrl: 'https://shop.test/spring?ocxid=abc',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function openForm(editing: Campaign | null, answer: () => FakeAnswer = () => ({ status: 201, body: {} })) {
  const api = fakeApi({
    '/api/websites/w1/campaigns': answer,
    '/api/websites/w1/campaigns/c1': answer,
    '/api/websites/w1/networks': () => ({ body: [] }),
    '/api/websites/w1/sources': () => ({ body: [] }),
  });
  renderScreen(<CampaignFormModal website={websiteFixture()} campaign={editing} onClose={() => undefined} />);
  return api;
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Campaign' }));
const landingPageField = () => screen.getByRole('textbox', { name: /Landing Page URL/ });

describe('campaign form', () => {
  it('says "Please fill in all required fields" under each empty required field and sends nothing', async () => {
    const { requests } = openForm(null);
    await save();
    expectFieldError(
      screen.getByRole('combobox', { name: /Traffic Network/ }),
      'Please fill in all required fields',
    );
    expectFieldError(
      screen.getByRole('textbox', { name: /Campaign Name/ }),
      'Please fill in all required fields',
    );
    expectFieldError(landingPageField(), 'Please fill in all required fields');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requestsTo(requests, '/api/websites/w1/campaigns')).toHaveLength(0);
  });

  it("puts the server's refusal at the landing page field when it names it", async () => {
    const message = 'Please enter a valid landing page URL (http or https)';
    openForm(campaign, () => ({ status: 400, body: { error: message, field: 'landingPage' } }));
    await save();
    await waitFor(() => expectFieldError(landingPageField(), message));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refusal without a field shows above the buttons, in the server words', async () => {
    const message = 'Please enter a valid landing page URL (http or https)';
    openForm(campaign, () => ({ status: 400, body: { error: message } }));
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('a request that never arrived gets the spec text for editing', async () => {
    openForm(campaign);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An error occurred while editing the campaign. Please try again.',
    );
  });
});
