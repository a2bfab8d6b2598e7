import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { ProviderButtons } from './provider-buttons';

describe('provider sign-in buttons', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows no button when the server configures no provider', async () => {
    const { requests } = fakeApi({ '/api/auth-providers': () => ({ body: { providers: [] } }) });
    const { container } = renderScreen(<ProviderButtons returnTo="/dashboard" />);
    await vi.waitFor(() => expect(requestsTo(requests, '/api/auth-providers')).toHaveLength(1));
    expect(container.querySelector('button')).toBeNull();
  });

  it('starts the sign-in of the clicked provider and goes to its address', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fakeApi({
      '/api/auth-providers': () => ({ body: { providers: [{ id: 'oidc', name: 'Acme SSO' }] } }),
      '/api/auth/sign-in/social': () => ({
        body: { url: 'https://id.example.com/auth?code_challenge=x', redirect: false },
      }),
    });
    renderScreen(<ProviderButtons returnTo="/dashboard" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Acme SSO' }));
    // A first sign-in creates the account: the terms it agrees to are linked, as at sign-up.
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://id.example.com/auth?code_challenge=x'),
    );
  });
});
