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
  utmParams: { source: 'bing', medium: 'ppc', campaign: 'spring-sale' },
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
const nameField = () => screen.getByRole('textbox', { name: /Campaign Name/ });
const utmField = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });

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

  it('marks every invalid field at once: empty network and name, a landing page on another domain', async () => {
    const { requests } = openForm(null);
    await userEvent.type(landingPageField(), 'https://other.test/spring');
    await save();
    expectFieldError(
      screen.getByRole('combobox', { name: /Traffic Network/ }),
      'Please fill in all required fields',
    );
    expectFieldError(nameField(), 'Please fill in all required fields');
    expectFieldError(
      landingPageField(),
      'This page is not on shop.test or its subdomains, so the tracker would never count its visits. Use a page of your website, or add its domain to the cross-domain list in Website Configuration.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requestsTo(requests, '/api/websites/w1/campaigns')).toHaveLength(0);
  });

  it('limits the name to what the server takes', () => {
    openForm(null);
    expect(nameField().getAttribute('maxlength')).toBe('300');
    expect(utmField('UTM Source').getAttribute('maxlength')).toBe('200');
  });

  it('UTM Campaign follows the name until typed; a typed tag stays, is marked, and can follow again', async () => {
    openForm(null);
    await userEvent.type(nameField(), 'Alpha Promo');
    expect((utmField('UTM Campaign') as HTMLInputElement).value).toBe('alpha-promo');
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Gamma Promo');
    expect((utmField('UTM Campaign') as HTMLInputElement).value).toBe('gamma-promo');

    await userEvent.clear(utmField('UTM Campaign'));
    await userEvent.type(utmField('UTM Campaign'), 'q3-push');
    await userEvent.type(nameField(), ' Two');
    expect((utmField('UTM Campaign') as HTMLInputElement).value).toBe('q3-push');
    // The label says it: its accessible name is "UTM Campaign edited".
    expect(screen.getByRole('textbox', { name: 'UTM Campaign edited' })).toBe(utmField('UTM Campaign'));
    expect(screen.getByText(/Typed by you — no longer follows the name/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Follow the name' }));
    expect((utmField('UTM Campaign') as HTMLInputElement).value).toBe('gamma-promo-two');
    expect(screen.queryByText('edited')).toBeNull();
  });

  it("keeps an edited campaign's hand-set tags and marks them; the others follow", async () => {
    openForm({ ...campaign, utmParams: { source: 'bing', medium: 'ppc', campaign: 'spring-sale' } });
    // Bing Ads tags utm_source=bing and Search would tag cpc: only the medium was set by hand.
    expect(screen.getAllByText('edited')).toHaveLength(1);
    expect(screen.getByText(/no longer follows the source/)).toBeTruthy();
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Autumn Sale');
    expect((utmField('UTM Campaign') as HTMLInputElement).value).toBe('autumn-sale');
    expect((utmField('UTM Medium') as HTMLInputElement).value).toBe('ppc');
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
