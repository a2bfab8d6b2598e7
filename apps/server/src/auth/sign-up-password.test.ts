import { messages } from '@ocx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dialects, PUBLIC_URL, signUp, type TestApp } from '../test/test-app';

const password = 'correct horse battery';

/** The new-password rule (packages/core password-rule.ts) as the auth server applies it. */
describe.each(dialects)('choosing a password on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { origin: PUBLIC_URL, ...headers }, payload });

  it('refuses a password under 10 characters or a common one, at sign-up, reset and change, and creates no user', async () => {
    for (const [weak, message] of [
      ['nine-char', messages.auth.passwordTooShort],
      ['password12', messages.auth.passwordTooCommon],
      ['Qwertyuiop', messages.auth.passwordTooCommon],
    ] as const) {
      const email = `weak-${weak.toLowerCase()}@example.com`;
      const res = await post('/api/auth/sign-up/email', {
        email,
        password: weak,
        name: 'x',
        acceptTerms: true,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD', message });
      expect((await post('/api/auth/sign-in/email', { email, password: weak })).statusCode).toBe(401);
    }
    const user = await signUp(t.app);
    const change = await post(
      '/api/auth/change-password',
      { currentPassword: password, newPassword: '1234567890' },
      as(user),
    );
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(messages.auth.passwordTooCommon);
    const reset = await post('/api/auth/reset-password', { token: 'any', newPassword: 'short' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(messages.auth.passwordTooShort);
  });

  it('answers a sign-up for an address that has an account with USER_ALREADY_EXISTS and leaves the account alone', async () => {
    const user = await signUp(t.app);
    const again = await post('/api/auth/sign-up/email', {
      email: user.email,
      password: 'another long password',
      name: 'x',
      acceptTerms: true,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toMatch(/^USER_ALREADY_EXISTS/);
    expect((await post('/api/auth/sign-in/email', { email: user.email, password })).statusCode).toBe(200);
  });
});
