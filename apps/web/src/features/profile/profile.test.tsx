import { ACCOUNT_DELETION_MESSAGES } from '@ocx/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { DeleteAccountCard } from './delete-account-card';
import { DELETE_ACCOUNT_CONFIRM } from './delete-account-dialog';
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

  /** The bodies sent to `path`, in order (fakeApi records only addresses). */
  function bodiesTo(path: string): unknown[] {
    const bodies: unknown[] = [];
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://ocx.test').pathname === path)
        bodies.push(JSON.parse(String(init?.body)));
      return answer(input, init);
    });
    return bodies;
  }
  const openDialog = async () => {
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText(DELETE_ACCOUNT_CONFIRM)).toBeTruthy();
  };
  const nothingShared = { deleted: [], left: [], transfers: [], blocked: [] };

  it('says what is deleted and what stays, and deletes nothing when cancelled', async () => {
    const { requests } = fakeApi({
      '/api/account/deletion': () => ({
        body: {
          ...nothingShared,
          deleted: [{ id: 'o1', name: 'me@example.com', websites: 2, subscription: true }],
          left: [{ id: 'o2', name: 'Acme', role: 'admin' }],
        },
      }),
      '/api/account/delete': () => ({ body: null }),
    });
    const bodies = bodiesTo('/api/account/delete');
    renderScreen(<DeleteAccountCard />);
    await openDialog();
    expect(
      screen.getByText(
        /"me@example.com", which only you belong to, with its 2 websites and all their events; its subscription is cancelled first/,
      ),
    ).toBeTruthy();
    expect(screen.getByText('"Acme": you leave it; its websites and data stay')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(requests, '/api/account/delete')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(bodies).toEqual([{ password: 'correct horse battery' }]));
  });

  it('shows the server’s refusal, then passes ownership to the longest-standing admin once ticked', async () => {
    const refusal = ACCOUNT_DELETION_MESSAGES.transfer(['Acme']);
    const previews = [
      nothingShared,
      { ...nothingShared, transfers: [{ id: 'o2', name: 'Acme', to: 'bob@example.com' }] },
    ];
    const answers = [{ status: 400, body: { error: refusal } }, { body: null }];
    fakeApi({
      '/api/account/deletion': () => ({ body: previews.shift() ?? previews[0] }),
      '/api/account/delete': () => answers.shift() ?? { body: null },
    });
    const bodies = bodiesTo('/api/account/delete');
    renderScreen(<DeleteAccountCard />);
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);

    const handOver = await screen.findByRole('checkbox', {
      name: 'Pass ownership of "Acme" to its longest-standing admin, bob@example.com',
    });
    const confirm = screen.getByRole('button', { name: 'Delete my account' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.click(handOver);
    await userEvent.click(confirm);
    await vi.waitFor(() =>
      expect(bodies).toEqual([
        { password: 'correct horse battery' },
        { password: 'correct horse battery', transferOwnership: true },
      ]),
    );
  });

  it('cannot delete while an organization it alone owns has members but no admin', async () => {
    fakeApi({
      '/api/account/deletion': () => ({ body: { ...nothingShared, blocked: [{ id: 'o3', name: 'Beta' }] } }),
    });
    renderScreen(<DeleteAccountCard />);
    await openDialog();
    expect(screen.getByRole('alert').textContent).toBe(ACCOUNT_DELETION_MESSAGES.noAdmin(['Beta']));
    expect(screen.getByRole('button', { name: 'Delete my account' }).hasAttribute('disabled')).toBe(true);
  });

  it('says a wrong password under the Password field, with the dialog closed, until it is typed again', async () => {
    fakeApi({
      '/api/account/deletion': () => ({ body: nothingShared }),
      '/api/account/delete': () => ({ status: 400, body: { error: 'Invalid password', field: 'password' } }),
    });
    const bodies = bodiesTo('/api/account/delete');
    renderScreen(<DeleteAccountCard />);
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(screen.queryByText(DELETE_ACCOUNT_CONFIRM)).toBeNull());
    const password = screen.getByLabelText(/^Password/);
    expectFieldError(password, 'Invalid password');
    expect(bodies).toEqual([{ password: 'correct horse battery' }]);

    await userEvent.type(password, '!');
    expect(password.getAttribute('aria-invalid')).not.toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText(DELETE_ACCOUNT_CONFIRM)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
