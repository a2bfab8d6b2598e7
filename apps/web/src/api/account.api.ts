import type {
  AccountDeletionPreview,
  ApiToken,
  ApiTokenRevocation,
  DeleteAccountRequest,
  DevOutbox,
  NewApiTokenResult,
} from '@ocx/contracts';
import { api } from './client';

interface ActiveSession {
  id: string;
  device: string;
  lastSeen: string;
  signedInAt: string;
  current: boolean;
  aal: 'aal1' | 'aal2';
}

export const accountApi = {
  sessions: () => api<ActiveSession[]>('GET', '/api/account/sessions'),
  /** How the server sends mail; without SMTP, the user's own mails it kept instead. */
  outbox: () => api<DevOutbox>('GET', '/api/account/outbox'),
  revokeSession: (id: string) => api<null>('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`),
  /** Personal access tokens (read-only, for scripts); no secrets in the list. */
  apiTokens: () => api<ApiToken[]>('GET', '/api/account/tokens'),
  /** Answers the token itself, the only time it is shown. */
  createApiToken: (body: { name: string; expiresInDays: number | null }) =>
    api<NewApiTokenResult>('POST', '/api/account/tokens', body),
  revokeApiToken: (id: string) => api<null>('DELETE', `/api/account/tokens/${encodeURIComponent(id)}`),
  /** What deleting the account would delete, leave and hand over, organization by organization. */
  deletionPreview: () => api<AccountDeletionPreview>('GET', '/api/account/deletion'),
  /**
   * Deletes the account and the organizations only the user belongs to; confirmed with the
   * password. `transferOwnership` passes organizations the user alone owns to their longest-standing admin.
   */
  deleteAccount: (body: DeleteAccountRequest) => api<null>('POST', '/api/account/delete', body),
  /** When and why OCX last revoked all the tokens (a password reset, a second factor turned on or off). */
  apiTokenRevocation: () =>
    api<{ revocation: ApiTokenRevocation | null }>('GET', '/api/account/tokens/revocation'),
};
