import { messages } from '@ocx/contracts';
import maintained from '@zxcvbn-ts/language-common/src/passwords.json';
import { describe, expect, it } from 'vitest';
import bundled from './common-passwords.json';
import { MIN_PASSWORD_LENGTH, passwordProblem } from './password-rule';

describe('passwordProblem', () => {
  it('refuses fewer than 10 characters', () => {
    expect(passwordProblem('')).toBe(messages.auth.passwordTooShort);
    expect(passwordProblem('nine-char')).toBe(messages.auth.passwordTooShort);
    expect(passwordProblem('ten-chars!')).toBeNull();
  });

  it('refuses a common password whatever its case', () => {
    expect(passwordProblem('password12')).toBe(messages.auth.passwordTooCommon);
    expect(passwordProblem('Password123')).toBe(messages.auth.passwordTooCommon);
    expect(passwordProblem('QWERTYUIOP')).toBe(messages.auth.passwordTooCommon);
    expect(passwordProblem('correct horse battery')).toBeNull();
  });

  it('refuses more than 128 characters', () => {
    expect(passwordProblem('x'.repeat(129))).toBe(messages.auth.passwordTooLong);
    expect(passwordProblem('x'.repeat(128))).toBeNull();
  });

  it('bundles every long-enough entry of the maintained list (run scripts/common-passwords.mjs after an upgrade)', () => {
    const expected = [
      ...new Set(maintained.map((p) => p.toLowerCase()).filter((p) => p.length >= MIN_PASSWORD_LENGTH)),
    ];
    expect(bundled).toEqual(expected);
  });
});
