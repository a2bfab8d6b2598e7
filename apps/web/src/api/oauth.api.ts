import type { AuthProviders } from '@ocx/contracts';
import { api } from './client';

/** One of the user's ways to sign in (better-auth's account row; 'credential' is the password). */
export interface LinkedAccount {
  id: string;
  providerId: string;
  accountId: string;
  createdAt: string;
}

/** better-auth answers the provider's authorization URL; the browser goes there next. */
interface ProviderRedirect {
  url: string;
  redirect: boolean;
}

export const oauthApi = {
  /** The Google/OIDC providers this server has configured (none: no buttons). */
  providers: () => api<AuthProviders>('GET', '/api/auth-providers'),
  /** Starts a sign-in; the provider comes back to `callbackURL`, or to /login with ?error=… when refused. */
  signIn: (provider: string, callbackURL: string) =>
    api<ProviderRedirect>('POST', '/api/auth/sign-in/social', {
      provider,
      callbackURL,
      errorCallbackURL: '/login',
      disableRedirect: true,
    }),
  /** Connects a provider to the signed-in account; back to the profile either way. */
  link: (provider: string) =>
    api<ProviderRedirect>('POST', '/api/auth/link-social', {
      provider,
      callbackURL: '/profile',
      errorCallbackURL: '/profile',
      disableRedirect: true,
    }),
  accounts: () => api<LinkedAccount[]>('GET', '/api/auth/list-accounts'),
  /** better-auth refuses the last way to sign in ('You can't unlink your last account'). */
  unlink: (accountId: string) => api<{ status: boolean }>('POST', '/api/auth/unlink-account', { accountId }),
};
