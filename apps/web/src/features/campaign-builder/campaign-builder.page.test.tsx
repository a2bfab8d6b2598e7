import { messages } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectedWebsiteProvider } from '../../components/websites/selected-website';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { websiteFixture } from '../../test/website-fixture';
import CampaignBuilderPage from './campaign-builder.page';

const PROPOSE = '/api/websites/w1/campaigns/ocxid';

function openBuilder(propose: () => { status?: number; body: unknown }) {
  localStorage.setItem('ocx.selectedWebsiteId', JSON.stringify('w1'));
  const api = fakeApi({
    '/api/websites': () => ({ body: [websiteFixture()] }),
    '/api/websites/w1/networks': () => ({ body: [] }),
    '/api/websites/w1/sources': () => ({ body: [] }),
    [PROPOSE]: propose,
  });
  renderScreen(
    <SelectedWebsiteProvider>
      <CampaignBuilderPage />
    </SelectedWebsiteProvider>,
  );
  return api;
}

describe('campaign builder', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('says an empty name under the name field, asks nothing, and clears it once a name is typed', async () => {
    const { requests } = openBuilder(() => ({ body: { ocxid: 'black-friday' } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Name' }));
    const name = screen.getByRole('textbox', { name: /^Campaign Name/ });
    expectFieldError(name, messages.campaigns.required);
    expect(requestsTo(requests, PROPOSE)).toHaveLength(0);

    await userEvent.type(name, 'Black Friday');
    expect(name.getAttribute('aria-invalid')).not.toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Name' }));
    expect(await screen.findByText('Confirmed')).toBeTruthy();
  });

  it("shows the server's refusal of a name in the form's alert", async () => {
    openBuilder(() => ({ status: 400, body: { error: 'Campaign name is too long' } }));
    await userEvent.type(await screen.findByRole('textbox', { name: /^Campaign Name/ }), 'Black Friday');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Name' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Campaign name is too long');
  });
});
