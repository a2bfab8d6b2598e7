import { messages } from '@ocx/contracts';

const MIN_PASSWORD_LENGTH = 8;

export interface SignupFieldErrors {
  email: string | null;
  password: string | null;
  terms: string | null;
}

/** The browser's own address check (type="email"), without a form to ask. */
export const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

/** What the form can tell before asking the server: empty fields, an address, the length, the terms. */
export function signupFieldErrors(email: string, password: string, acceptTerms: boolean): SignupFieldErrors {
  const address = email.trim();
  return {
    email: !address
      ? messages.auth.emailRequired
      : looksLikeEmail(address)
        ? null
        : messages.auth.invalidEmail,
    password: !password
      ? messages.auth.passwordRequired
      : password.length < MIN_PASSWORD_LENGTH
        ? messages.auth.passwordTooShort
        : null,
    terms: acceptTerms ? null : messages.auth.termsRequired,
  };
}

/**
 * A server refusal in plain words, at the field it concerns: the auth library answers
 * "[body.email] Invalid email address" or "Password too short", never shown as such.
 */
export function serverSignupError(message: string): { field: keyof SignupFieldErrors | null; text: string } {
  const tagged = /^\[body\.(\w+)\]\s*(.*)$/.exec(message);
  const field = tagged?.[1];
  if (field === 'email') return { field: 'email', text: messages.auth.invalidEmail };
  if (field === 'password' || /^password too short/i.test(message))
    return { field: 'password', text: messages.auth.passwordTooShort };
  if (/^password too long/i.test(message)) return { field: 'password', text: messages.auth.passwordTooLong };
  if (tagged) return { field: null, text: messages.auth.signupFailed };
  return { field: null, text: message };
}
