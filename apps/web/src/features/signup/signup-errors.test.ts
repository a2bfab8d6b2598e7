import { messages } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { serverSignupError, signupFieldErrors } from './signup-errors';

describe('signup field errors', () => {
  it('marks an empty email, an address without a domain, a 7-character password and unticked terms', () => {
    expect(signupFieldErrors('', '', false)).toEqual({
      email: messages.auth.emailRequired,
      password: messages.auth.passwordRequired,
      terms: messages.auth.termsRequired,
    });
    expect(signupFieldErrors('me@example', 'seven77', true)).toEqual({
      email: messages.auth.invalidEmail,
      password: messages.auth.passwordTooShort,
      terms: null,
    });
    expect(signupFieldErrors(' me@example.com ', 'eight888', true)).toEqual({
      email: null,
      password: null,
      terms: null,
    });
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
    expect(serverSignupError('[body.name] Expected string')).toEqual({
      field: null,
      text: messages.auth.signupFailed,
    });
    expect(serverSignupError('User already exists. Use another email.')).toEqual({
      field: null,
      text: 'User already exists. Use another email.',
    });
  });
});
