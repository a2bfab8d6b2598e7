import type { Me } from '@ocx/contracts';
import { api } from './client';

export interface Session {
  user: { id: string; email: string; name: string; emailVerified: boolean };
  session: { id: string; expiresAt: string };
}

const VERIFIED_URL = '/dashboard';

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
      // The verification link comes back to the dashboard (with ?error=… when it is refused).
      callbackURL: VERIFIED_URL,
    }),
  /** Mails a link to the reset screen; answers the same whether or not the address has an account. */
  requestPasswordReset: (email: string) =>
    api<{ status: boolean }>('POST', '/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    }),
  /** Sets the new password and signs out every session of the account. */
  resetPassword: (token: string, newPassword: string) =>
    api<{ status: boolean }>('POST', '/api/auth/reset-password', { token, newPassword }),
  resendVerification: (email: string) =>
    api<{ status: boolean }>('POST', '/api/auth/send-verification-email', {
      email,
      callbackURL: VERIFIED_URL,
    }),
  signOut: () => api<unknown>('POST', '/api/auth/sign-out', {}),
  me: () => api<Me>('GET', '/api/me'),
};
