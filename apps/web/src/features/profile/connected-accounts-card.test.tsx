import { ModalsProvider } from '@mantine/modals';
import { messages } from '@ocx/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { ConnectedAccountsCard } from './connected-accounts-card';

const account = (id: string, providerId: string) => ({
  id,
  providerId,
  accountId: `${providerId}-subject`,
  createdAt: '2026-11-20T10:00:00Z',
});
const providers = {
  providers: [
    { id: 'google', name: 'Google' },
    { id: 'oidc', name: 'Acme SSO' },
  ],
};
const card = () =>
  renderScreen(
    <ModalsProvider>
      <ConnectedAccountsCard />
    </ModalsProvider>,
  );
const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('connected accounts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the password and each configured provider, connected or not', async () => {
    fakeApi({
      '/api/auth-providers': () => ({ body: providers }),
      '/api/auth/list-accounts': () => ({ body: [account('a1', 'credential'), account('a2', 'oidc')] }),
    });
    card();
    expect(within(await row('Email and password')).getByText('Connected')).toBeTruthy();
    expect(within(await row('Acme SSO')).getByRole('button', { name: 'Disconnect Acme SSO' })).toBeTruthy();
    expect(within(await row('Email and password')).getByRole('button', { name: /Disconnect/ })).toBeTruthy();
    expect(within(await row('Google')).getByRole('button', { name: 'Connect Google' })).toBeTruthy();
  });

  it('offers no Disconnect for the only way left to sign in, and says why', async () => {
    fakeApi({
      '/api/auth-providers': () => ({ body: providers }),
      '/api/auth/list-accounts': () => ({ body: [account('a2', 'oidc')] }),
    });
    card();
    const only = await row('Acme SSO');
    expect(await within(only).findByText('Your only way to sign in')).toBeTruthy();
    expect(within(only).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /Disconnect/ })).toBeNull();
  });

  it('connects a provider by going to the address better-auth answers', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { requests } = fakeApi({
      '/api/auth-providers': () => ({ body: providers }),
      '/api/auth/list-accounts': () => ({ body: [account('a1', 'credential')] }),
      '/api/auth/link-social': () => ({
        body: { url: 'https://accounts.google.com/o/oauth2/auth?x=1', redirect: false },
      }),
    });
    card();
    await userEvent.click(within(await row('Google')).getByRole('button', { name: 'Connect Google' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/auth?x=1'),
    );
    expect(requestsTo(requests, '/api/auth/link-social')).toHaveLength(1);
  });

  it("asks before disconnecting and shows better-auth's refusal", async () => {
    const { requests } = fakeApi({
      '/api/auth-providers': () => ({ body: providers }),
      // The list was read before another tab removed the password: the server refuses.
      '/api/auth/list-accounts': () => ({ body: [account('a1', 'credential'), account('a2', 'oidc')] }),
      '/api/auth/unlink-account': () => ({
        status: 400,
        body: { code: 'FAILED_TO_UNLINK_LAST_ACCOUNT', message: "You can't unlink your last account" },
      }),
    });
    card();
    await userEvent.click(within(await row('Acme SSO')).getByRole('button', { name: 'Disconnect Acme SSO' }));
    expect(await screen.findByText(messages.auth.unlinkConfirm('Acme SSO'))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(requests, '/api/auth/unlink-account')).toHaveLength(0);
    await userEvent.click(within(await row('Acme SSO')).getByRole('button', { name: 'Disconnect Acme SSO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Acme SSO' });
    expect(within(dialog).getByRole('button', { name: 'Close Disconnect Acme SSO dialog' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await vi.waitFor(() => expect(requestsTo(requests, '/api/auth/unlink-account')).toHaveLength(1));
    expect((await screen.findByRole('alert')).textContent).toContain("You can't unlink your last account");
  });
});
