import type { Click } from '@ocx/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { ClicksLog } from './clicks-log';

const click = (id: string, source: string): Click => ({
  id,
  website_id: 'w1',
  campaign_id: null,
  campaign_name: null,
  source,
  medium: 'cpc',
  landing_page: `https://shop.test/${source}`,
  referrer: null,
  ip_address: null,
  device_type: 'desktop',
  browser: 'Firefox',
  os: 'Linux',
  country: 'DE',
  utm_source: source,
  utm_medium: 'cpc',
  utm_campaign: null,
  created_at: '2026-03-30T10:00:00.000Z',
  click_id: null,
  click_id_type: null,
  channel: 'paid',
  visitor_id: `v_${id}`,
});

/** A log of two clicks that the server narrows to one when asked for source=google. */
function openClicksLog() {
  const all = [click('k1', 'bing'), click('k2', 'google')];
  const api = fakeApi({
    '/api/clicks': (url) => {
      const source = url.searchParams.get('source');
      const rows = source ? all.filter((c) => c.source === source) : all;
      return { body: rows, headers: { 'x-total-count': String(rows.length) } };
    },
    '/api/clicks/facets': () => ({
      body: { campaigns: [], sources: ['bing', 'google'], mediums: ['cpc'], goals: [] },
    }),
  });
  renderScreen(<ClicksLog websiteId="w1" title="Clicks Log" />);
  return api;
}

const lastClicksRequest = (requests: URL[]) => requestsTo(requests, '/api/clicks').at(-1)?.searchParams;

async function chooseSource(source: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Show Filters' }));
  // The panel opens on the next animation frame (Mantine Collapse): wait for it, not for a delay.
  await userEvent.click(await screen.findByRole('combobox', { name: 'Source' }));
  await userEvent.click(await screen.findByRole('option', { name: source }));
}

describe('clicks log filters', () => {
  it('sends the chosen source only on Apply Filters, from the first page, and lists what comes back', async () => {
    const { requests } = openClicksLog();
    expect(await screen.findByText('https://shop.test/bing')).toBeTruthy();
    expect(screen.getByTestId('log-showing').textContent).toBe('Showing 2 of 2 clicks');

    await chooseSource('google');
    expect(requestsTo(requests, '/api/clicks').some((url) => url.searchParams.has('source'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));

    await waitFor(() => expect(lastClicksRequest(requests)?.get('source')).toBe('google'));
    expect(lastClicksRequest(requests)?.get('websiteId')).toBe('w1');
    expect(lastClicksRequest(requests)?.get('offset')).toBe('0');
    expect(lastClicksRequest(requests)?.get('limit')).toBe('10');
    await waitFor(() => expect(screen.getByTestId('log-showing').textContent).toBe('Showing 1 of 1 clicks'));
    expect(screen.queryByText('https://shop.test/bing')).toBeNull();
    expect(screen.getByText('https://shop.test/google')).toBeTruthy();
  });

  it('Apply Date Range asks for the new range and drops the chosen filters', async () => {
    const { requests } = openClicksLog();
    await screen.findByText('https://shop.test/bing');
    await chooseSource('google');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(lastClicksRequest(requests)?.get('source')).toBe('google'));

    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply Date Range' }));

    // 1 January as a plain date: the server reads it in the website's time zone.
    await waitFor(() => expect(lastClicksRequest(requests)?.get('startDate')).toBe('2026-01-01'));
    expect(lastClicksRequest(requests)?.has('source')).toBe(false);
    expect((screen.getByRole('combobox', { name: 'Source' }) as HTMLInputElement).value).toBe('All');
    await waitFor(() => expect(screen.getByTestId('log-showing').textContent).toBe('Showing 2 of 2 clicks'));
  });
});
