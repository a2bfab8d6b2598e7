import { messages } from '@ocx/contracts';
import { passwordProblem } from '@ocx/core';
import { looksLikeEmail } from '../../components/forms/looks-like-email';

export interface SignupFieldErrors {
  email: string | null;
  password: string | null;
  terms: string | null;
}

/**
 * What the form can tell before asking the server: empty fields, an address, the password rule the
 * server applies too (length, not a common one), the terms.
 */
export function signupFieldErrors(email: string, password: string, acceptTerms: boolean): SignupFieldErrors {
  const address = email.trim();
  return {
    email: !address
      ? messages.auth.emailRequired
      : looksLikeEmail(address)
        ? null
        : messages.auth.invalidEmail,
    password: !password ? messages.auth.passwordRequired : passwordProblem(password),
    terms: acceptTerms ? null : messages.auth.termsRequired,
  };
}

export interface SignupRefusal {
  field: keyof SignupFieldErrors | null;
  text: string;
  /** The address has an account: the form offers to sign in with it instead. */
  accountExists?: true;
}

/**
 * A server refusal in plain words, at the field it concerns: the auth library answers
 * "[body.email] Invalid email address", "Password too short" or "User already exists…", never
 * shown as such; OCX's own password rule answers in the form's words already.
 */
export function serverSignupError(message: string): SignupRefusal {
  const tagged = /^\[body\.(\w+)\]\s*(.*)$/.exec(message);
  const field = tagged?.[1];
  if (field === 'email') return { field: 'email', text: messages.auth.invalidEmail };
  if (/already exists/i.test(message))
    return { field: 'email', text: messages.auth.accountExists, accountExists: true };
  const ours: string[] = [
    messages.auth.passwordTooShort,
    messages.auth.passwordTooCommon,
    messages.auth.passwordTooLong,
  ];
  if (ours.includes(message)) return { field: 'password', text: message };
  if (field === 'password' || /^password too short/i.test(message))
    return { field: 'password', text: messages.auth.passwordTooShort };
  if (/^password too long/i.test(message)) return { field: 'password', text: messages.auth.passwordTooLong };
  if (tagged) return { field: null, text: messages.auth.signupFailed };
  return { field: null, text: message };
}
