import type { Me } from '@ocx/contracts';
import { api } from './client';

export interface Session {
  user: { id: string; email: string; name: string };
  session: { id: string; expiresAt: string };
}

export const authApi = {
  /** null when signed out; better-auth answers 200 with null. */
  getSession: () => api<Session | null>('GET', '/api/auth/get-session'),
  signIn: (email: string, password: string, rememberMe: boolean) =>
    api<{ user?: Session['user'] } | null>('POST', '/api/auth/sign-in/email', {
      email,
      password,
      rememberMe,
    }),
  signUp: (email: string, password: string, acceptTerms: boolean) =>
    api<{ user?: Session['user'] } | null>('POST', '/api/auth/sign-up/email', {
      email,
      password,
      acceptTerms,
      name: email.split('@')[0] ?? email,
    }),
  signOut: () => api<unknown>('POST', '/api/auth/sign-out', {}),
  me: () => api<Me>('GET', '/api/me'),
};
