import { ModalsProvider } from '@mantine/modals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../components/date-format';
import { SelectedWebsiteProvider } from '../../components/websites/selected-website';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { websiteFixture } from '../../test/website-fixture';
import DebugPage, { LOCAL_DATA_REFRESH_MS } from './debug.page';

const expiresAt = '2031-05-04T10:20:00.000Z';
const queued = (ts: number) => ({ e: { type: 'pageview', url: 'https://shop.test/', ts }, n: 1, t: ts });

function openDebugTools() {
  localStorage.setItem('ocx.selectedWebsiteId', JSON.stringify('w1'));
  localStorage.setItem('ocx.sidebarCollapsed', 'true');
  localStorage.setItem('_ocx_q', JSON.stringify([queued(Date.now() - 60_000), queued(Date.now())]));
  localStorage.setItem('unrelated.key', 'not ours');
  sessionStorage.setItem('_ocx_rs123/pricing', '1');
  fakeApi({
    '/api/websites': () => ({ body: [websiteFixture()] }),
    '/api/auth/get-session': () => ({
      body: { user: { id: 'u1', email: 'ada@shop.test', name: 'ada' }, session: { id: 's1', expiresAt } },
    }),
  });
  renderScreen(
    <ModalsProvider>
      <SelectedWebsiteProvider>
        <DebugPage />
      </SelectedWebsiteProvider>
    </ModalsProvider>,
  );
}

const rowOf = (what: string) => screen.getByRole('row', { name: new RegExp(what) });
const ocxKeys = () => Object.keys(localStorage).filter((k) => k.startsWith('ocx.') || k.startsWith('_ocx_'));

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('Debug Tools', () => {
  it("shows every OCX key in words: the selected website's name, the queue, the session's expiry", async () => {
    openDebugTools();
    await waitFor(() => expect(within(rowOf('Selected website')).getByText('Shop')).toBeTruthy());
    expect(within(rowOf('Sidebar')).getByText('Collapsed')).toBeTruthy();
    expect(within(rowOf("Tracker's offline queue")).getByText(/^2 events waiting to be sent/)).toBeTruthy();
    expect(within(rowOf('page already counted')).getByText('_ocx_rs123/pricing')).toBeTruthy();
    expect(screen.queryByText('unrelated.key')).toBeNull();
    expect(await screen.findByText(formatDateTime(expiresAt))).toBeTruthy();
    expect(screen.getByText('ada@shop.test')).toBeTruthy();
  });

  it('asks before clearing: Cancel keeps the data, Clear removes it', async () => {
    openDebugTools();
    await screen.findByText('Shop');

    await userEvent.click(screen.getByRole('button', { name: 'Clear Local Data' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Are you sure you want to clear local data\?/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ocxKeys().sort()).toEqual([
      '_ocx_q',
      'ocx.selectedWebsiteId',
      'ocx.sidebarCollapsed',
      'ocx.signedInHere',
    ]);
    expect(sessionStorage.length).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Clear Local Data' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear' }));
    expect(ocxKeys()).toEqual([]);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('unrelated.key')).toBe('not ours');
    expect(await screen.findByText('OCX keeps nothing in this browser.')).toBeTruthy();
  });

  it('reads the browser storage again every 10 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    openDebugTools();
    await screen.findByText('Shop');
    localStorage.setItem('_ocx_q', JSON.stringify([queued(Date.now())]));

    act(() => vi.advanceTimersByTime(LOCAL_DATA_REFRESH_MS - 1));
    expect(within(rowOf("Tracker's offline queue")).getByText(/^2 events/)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(within(rowOf("Tracker's offline queue")).getByText(/^1 event waiting/)).toBeTruthy();
  });
});
