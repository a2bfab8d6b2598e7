import { messages } from '@ocx/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  cookieFrom,
  createTestApp,
  dialects,
  type SignedIn,
  signUp,
  type TestApp,
} from '../test/test-app';

const password = 'correct horse battery';

/**
 * better-auth's own routes a signed-in session could use, each with a body that would work for a
 * session at the right level: none of them may serve a session that still owes its second factor.
 */
const OWING_REFUSED: [method: 'GET' | 'POST', path: string, body?: object][] = [
  // The factor's own management would let the password stand in for the factor.
  ['POST', '/api/auth/two-factor/get-totp-uri', { password }],
  ['POST', '/api/auth/two-factor/generate-backup-codes', { password }],
  ['POST', '/api/auth/two-factor/disable', { password }],
  ['POST', '/api/auth/two-factor/enable', { password }],
  ['GET', '/api/auth/token'],
  ['GET', '/api/auth/list-sessions'],
  ['GET', '/api/auth/list-accounts'],
  ['GET', '/api/auth/account-info?accountId=x'],
  ['POST', '/api/auth/change-email', { newEmail: 'taken-over@example.com', callbackURL: '/profile' }],
  ['POST', '/api/auth/link-social', { provider: 'google', callbackURL: '/profile' }],
  ['POST', '/api/auth/unlink-account', { providerId: 'credential', accountId: 'x' }],
  ['POST', '/api/auth/update-user', { name: 'Taken over' }],
  ['POST', '/api/auth/send-verification-email', { email: 'x@example.com' }],
  ['POST', '/api/auth/sign-in/email', { email: 'x@example.com', password }],
  ['POST', '/api/auth/change-password', { currentPassword: password, newPassword: 'another horse battery' }],
  ['POST', '/api/auth/revoke-session', { token: 'x' }],
  ['POST', '/api/auth/revoke-other-sessions', {}],
  ['POST', '/api/auth/revoke-sessions', {}],
  ['POST', '/api/auth/delete-user', { password }],
];

describe.each(dialects)('a session that still owes its second factor on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { authRateLimit: 1000 });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...as(null), cookie }, ...(payload ? { payload } : {}) });
  const me = (cookie: string) => call('GET', '/api/me', cookie);

  /** A user with a verified factor, their aal2 cookie, and a session of theirs still at aal1. */
  async function owingSession() {
    const user: SignedIn = await signUp(t.app);
    const signIn = await call('POST', '/api/auth/sign-in/email', '', { email: user.email, password });
    const owing = cookieFrom(signIn); // signed in before the factor, so it was never asked for a code
    const enable = await call('POST', '/api/auth/two-factor/enable', user.cookie, { password });
    const secret = new URL(enable.json().totpURI).searchParams.get('secret') ?? '';
    const verified = await call('POST', '/api/auth/two-factor/verify-totp', user.cookie, {
      code: await generate({ secret }),
    });
    expect(verified.statusCode).toBe(200);
    expect((await me(owing)).statusCode).toBe(403);
    return { user, secret, owing, full: cookieFrom(verified) };
  }

  it("refuses better-auth's own routes to it with the second-factor message, and they change nothing", async () => {
    const { user, owing, full } = await owingSession();
    const failures: string[] = [];
    for (const [method, path, body] of OWING_REFUSED) {
      const res = await call(method, path, owing, body);
      if (res.statusCode !== 403 || res.json().message !== messages.auth.secondFactorRequired)
        failures.push(`${method} ${path} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(failures).toEqual([]);
    // Nothing of the above happened: the name, the password, the factor and the other session stand.
    const session = (await call('GET', '/api/auth/get-session', full)).json();
    expect(session.user.name).toBe(user.email);
    expect(session.user.twoFactorEnabled).toBe(true);
    expect((await me(full)).statusCode).toBe(200);
    const signIn = await call('POST', '/api/auth/sign-in/email', '', { email: user.email, password });
    expect(signIn.json().twoFactorRedirect).toBe(true);
  });

  it('tells the web app only that a code is owed, nothing about the account', async () => {
    const { owing } = await owingSession();
    const res = await call('GET', '/api/auth/get-session', owing);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ session: { aal: 'aal1' }, user: { twoFactorEnabled: true } });
  });

  it('lets it prove the code, after which everything opens', async () => {
    const { secret, owing } = await owingSession();
    const stepUp = await call('POST', '/api/auth/two-factor/verify-totp', owing, {
      code: await generate({ secret }),
    });
    expect(stepUp.statusCode).toBe(200);
    expect((await me(owing)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/list-sessions', owing)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/get-session', owing)).json().session.aal).toBe('aal2');
  });

  it('lets it sign out, and open a mailed reset link', async () => {
    const { owing, full } = await owingSession();
    // The reset screen opens in a browser that has a session: the mailed token decides there.
    const reset = await call('POST', '/api/auth/reset-password', owing, {
      token: 'not-a-reset-token',
      newPassword: 'another horse battery',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('INVALID_TOKEN');
    const out = await call('POST', '/api/auth/sign-out', owing, {});
    expect(out.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/get-session', owing)).json()).toBeNull();
    expect((await me(full)).statusCode).toBe(200);
  });

  it('leaves a session without a factor, and one at aal2, their routes', async () => {
    const plain = await signUp(t.app);
    expect((await call('GET', '/api/auth/list-sessions', plain.cookie)).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/update-user', plain.cookie, { name: 'Plain' })).statusCode).toBe(
      200,
    );
    const { full } = await owingSession();
    expect((await call('GET', '/api/auth/token', full)).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/update-user', full, { name: 'Full' })).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/get-session', full)).json().user.name).toBe('Full');
  });
});
