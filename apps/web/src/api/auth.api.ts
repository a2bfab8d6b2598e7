import type { Me } from '@ocx/contracts';
import { api } from './client';
import { rememberSignedIn } from './signed-in-hint';

interface Session {
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    twoFactorEnabled?: boolean | null;
  };
  /** aal2 once this session proved a second factor (spec §4). */
  session: { id: string; expiresAt: string; aal?: 'aal1' | 'aal2' | null };
}

const VERIFIED_URL = '/dashboard';

export const authApi = {
  /** null when signed out; better-auth answers 200 with null. The answer is remembered for the next boot. */
  getSession: () =>
    api<Session | null>('GET', '/api/auth/get-session').then((session) => {
      rememberSignedIn(session !== null);
      return session;
    }),
  signIn: (email: string, password: string, rememberMe: boolean) =>
    api<{ user?: Session['user']; twoFactorRedirect?: boolean } | null>('POST', '/api/auth/sign-in/email', {
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
  /** The link comes back to `callbackURL` (the dashboard unless told, e.g. an invitation's page). */
  resendVerification: (email: string, callbackURL = VERIFIED_URL) =>
    api<{ status: boolean }>('POST', '/api/auth/send-verification-email', { email, callbackURL }),
  /** Mails a one-time sign-in code (only to an existing account; the answer is the same either way). */
  sendSignInCode: (email: string) =>
    api<{ success: boolean }>('POST', '/api/auth/email-otp/send-verification-otp', {
      email,
      type: 'sign-in',
    }),
  signInWithCode: (email: string, otp: string) =>
    api<{ user?: Session['user'] }>('POST', '/api/auth/sign-in/email-otp', { email, otp }),
  /** Mails a one-use sign-in link that opens the dashboard. */
  sendSignInLink: (email: string) =>
    api<{ status: boolean }>('POST', '/api/auth/sign-in/magic-link', { email, callbackURL: '/dashboard' }),
  /** The second factor's code: at sign-in (after twoFactorRedirect) or to step an aal1 session up. */
  verifyTotp: (code: string) => api<{ token: string }>('POST', '/api/auth/two-factor/verify-totp', { code }),
  verifyBackupCode: (code: string) =>
    api<{ token: string }>('POST', '/api/auth/two-factor/verify-backup-code', { code }),
  /** Stores an unverified TOTP factor; the first good code (verifyTotp) turns it on. */
  enableTwoFactor: (password: string) =>
    api<{ totpURI: string; backupCodes: string[] }>('POST', '/api/auth/two-factor/enable', { password }),
  disableTwoFactor: (password: string) =>
    api<{ status: boolean }>('POST', '/api/auth/two-factor/disable', { password }),
  updateName: (name: string) => api<{ status: boolean }>('POST', '/api/auth/update-user', { name }),
  /** Mails a confirmation (to the old address when verified, else a verification to the new one). */
  changeEmail: (newEmail: string) =>
    api<{ status: boolean }>('POST', '/api/auth/change-email', { newEmail, callbackURL: '/profile' }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api<unknown>('POST', '/api/auth/change-password', {
      currentPassword,
      newPassword,
      revokeOtherSessions: true,
    }),
  revokeOtherSessions: () => api<{ status: boolean }>('POST', '/api/auth/revoke-other-sessions', {}),
  signOut: () => api<unknown>('POST', '/api/auth/sign-out', {}),
  me: () => api<Me>('GET', '/api/me'),
};
