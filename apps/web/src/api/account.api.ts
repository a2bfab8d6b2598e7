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
  /** Deletes the account, its organization, websites and events; confirmed with the password. */
  deleteAccount: (password: string) => api<null>('POST', '/api/account/delete', { password }),
};
