import { messages } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { serverSignupError, signupFieldErrors } from './signup-errors';

describe('signup field errors', () => {
  it('marks an empty email, an address without a domain, a 9-character password and unticked terms', () => {
    expect(signupFieldErrors('', '', false)).toEqual({
      email: messages.auth.emailRequired,
      password: messages.auth.passwordRequired,
      terms: messages.auth.termsRequired,
    });
    expect(signupFieldErrors('me@example', 'nine-char', true)).toEqual({
      email: messages.auth.invalidEmail,
      password: messages.auth.passwordTooShort,
      terms: null,
    });
    expect(signupFieldErrors(' me@example.com ', 'ten-chars!', true)).toEqual({
      email: null,
      password: null,
      terms: null,
    });
  });

  it('refuses a common password with the same words as the server', () => {
    expect(signupFieldErrors('me@example.com', 'password12', true).password).toBe(
      messages.auth.passwordTooCommon,
    );
  });

  it('puts the server validation error at its field in plain words, never the "[body.email]" text', () => {
    expect(serverSignupError('[body.email] Invalid email address')).toEqual({
      field: 'email',
      text: messages.auth.invalidEmail,
    });
    expect(serverSignupError('Password too short')).toEqual({
      field: 'password',
      text: messages.auth.passwordTooShort,
    });
    expect(serverSignupError(messages.auth.passwordTooCommon)).toEqual({
      field: 'password',
      text: messages.auth.passwordTooCommon,
    });
    expect(serverSignupError('[body.name] Expected string')).toEqual({
      field: null,
      text: messages.auth.signupFailed,
    });
  });

  it('turns "User already exists" into an offer to sign in with the address', () => {
    expect(serverSignupError('User already exists. Use another email.')).toEqual({
      field: 'email',
      text: messages.auth.accountExists,
      accountExists: true,
    });
  });
});
