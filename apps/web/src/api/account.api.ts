import type { ApiToken, ApiTokenRevocation, NewApiTokenResult } from '@ocx/contracts';
import { api } from './client';

export interface ActiveSession {
  id: string;
  device: string;
  lastSeen: string;
  signedInAt: string;
  current: boolean;
  aal: 'aal1' | 'aal2';
}

export const accountApi = {
  sessions: () => api<ActiveSession[]>('GET', '/api/account/sessions'),
  revokeSession: (id: string) => api<null>('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`),
  /** Personal access tokens (read-only, for scripts); no secrets in the list. */
  apiTokens: () => api<ApiToken[]>('GET', '/api/account/tokens'),
  /** Answers the token itself, the only time it is shown. */
  createApiToken: (body: { name: string; expiresInDays: number | null }) =>
    api<NewApiTokenResult>('POST', '/api/account/tokens', body),
  revokeApiToken: (id: string) => api<null>('DELETE', `/api/account/tokens/${encodeURIComponent(id)}`),
  /** When and why OCX last revoked all the tokens (a password reset, a second factor turned on or off). */
  apiTokenRevocation: () =>
    api<{ revocation: ApiTokenRevocation | null }>('GET', '/api/account/tokens/revocation'),
  /** Deletes the account, its organization, websites and events; confirmed with the password. */
  deleteAccount: (password: string) => api<null>('POST', '/api/account/delete', { password }),
};
