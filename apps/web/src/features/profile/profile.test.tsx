import { ModalsProvider } from '@mantine/modals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { DELETE_ACCOUNT_CONFIRM, DeleteAccountCard } from './delete-account-card';
import { SessionsCard } from './sessions-card';

const sessions = [
  {
    id: 's1',
    device: 'Chrome on Linux (desktop)',
    lastSeen: '2026-11-25T10:00:00Z',
    signedInAt: '2026-11-20T10:00:00Z',
    current: true,
    aal: 'aal1',
  },
  {
    id: 's2',
    device: 'Mobile Safari on iOS (mobile)',
    lastSeen: '2026-11-24T10:00:00Z',
    signedInAt: '2026-11-19T10:00:00Z',
    current: false,
    aal: 'aal1',
  },
];

describe('profile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the sessions with their device, marks this browser and signs another one out', async () => {
    const { requests } = fakeApi({
      '/api/account/sessions': () => ({ body: sessions }),
      '/api/account/sessions/s2': () => ({ body: null }),
      '/api/auth/revoke-other-sessions': () => ({ body: { status: true } }),
    });
    renderScreen(<SessionsCard />);
    expect(await screen.findByText('Mobile Safari on iOS (mobile)')).toBeTruthy();
    expect(screen.getByText('This browser')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(requestsTo(requests, '/api/account/sessions/s2')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await vi.waitFor(() => expect(requestsTo(requests, '/api/auth/revoke-other-sessions')).toHaveLength(1));
  });

  it('asks before deleting the account, and deletes nothing when cancelled', async () => {
    const { requests } = fakeApi({ '/api/account/delete': () => ({ body: null }) });
    renderScreen(
      <ModalsProvider>
        <DeleteAccountCard />
      </ModalsProvider>,
    );
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText(DELETE_ACCOUNT_CONFIRM)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(requests, '/api/account/delete')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(requestsTo(requests, '/api/account/delete')).toHaveLength(1));
  });
});
