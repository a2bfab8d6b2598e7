import { messages } from '@ocx/contracts';

/** What a refused provider sign-in or link means, by better-auth's error code. */
const KNOWN: Record<string, string> = {
  account_not_linked: messages.auth.accountNotLinked,
  email_does_not_match: 'This provider account uses a different email address than your OCX account.',
  account_already_linked_to_different_user:
    'This provider account is already connected to another OCX account.',
  unable_to_link_account: 'This provider account could not be connected. Its email address must be verified.',
  email_not_verified: messages.auth.verifyEmail,
  state_mismatch: 'Not a valid PKCE flow url.',
  access_denied: 'Sign-in was cancelled at the provider.',
};

/**
 * The message for `?error=…` after a provider sent the browser back (spec §8 callback errors). The
 * URL is anyone's to write, so only the code is read, and an unknown one is shown as a plain code:
 * a crafted `error_description` never puts someone else's words on the login page.
 */
export function providerError(params: URLSearchParams): string | null {
  const code = params.get('error');
  if (!code) return null;
  const known = KNOWN[code];
  if (known) return known;
  const plain = /^[a-z0-9_]{1,60}$/i.test(code) ? code.replaceAll('_', ' ') : 'unknown error';
  return `Signing in with the provider failed: ${plain}.`;
}
