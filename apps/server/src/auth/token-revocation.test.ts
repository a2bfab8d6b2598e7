import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../test/members.fixture';
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

describe.each(dialects)('personal access tokens die with the sign-in they came from on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { authRateLimit: 1000 });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie = '') =>
    t.app.inject({ method: 'POST', url, headers: { ...as(null), cookie }, payload });
  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...as(null), cookie } });
  const readWith = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/websites', headers: { authorization: `Bearer ${token}` } });

  async function newToken(cookie: string, name = 'Script'): Promise<string> {
    const res = await post('/api/account/tokens', { name }, cookie);
    expect(res.statusCode).toBe(201);
    const { token } = res.json();
    expect((await readWith(token)).statusCode).toBe(200);
    return token;
  }

  /** The profile's notice: when and why the tokens were last revoked, or null. */
  const revocation = async (cookie: string) => (await get('/api/account/tokens/revocation', cookie)).json();

  async function enrol(user: SignedIn) {
    const enable = await post('/api/auth/two-factor/enable', { password }, user.cookie);
    const secret = new URL(enable.json().totpURI).searchParams.get('secret') ?? '';
    const verify = await post(
      '/api/auth/two-factor/verify-totp',
      { code: await generate({ secret }) },
      user.cookie,
    );
    expect(verify.statusCode).toBe(200);
    return { secret, cookie: cookieFrom(verify) };
  }

  it('revokes every token of the user when the password is reset, and says so by mail and on the profile', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const tokens = [await newToken(user.cookie, 'First'), await newToken(user.cookie, 'Second')];
    const theirs = await newToken(other.cookie);
    expect(await revocation(user.cookie)).toEqual({ revocation: null });

    expect(
      (await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' }))
        .statusCode,
    ).toBe(200);
    const resetMail = await mailTo(t, user.userId, /\/reset-password\?token=/);
    const resetToken = /\/reset-password\?token=(\S+)/.exec(resetMail.text)?.[1] ?? '';
    const reset = await post('/api/auth/reset-password', {
      token: resetToken,
      newPassword: 'a brand new horse',
    });
    expect(reset.statusCode).toBe(200);

    for (const token of tokens) expect((await readWith(token)).statusCode).toBe(401);
    expect((await readWith(theirs)).statusCode).toBe(200);
    const mail = await mailTo(t, user.userId, /revoked because/);
    expect(mail.subject).toBe('Your OCX API tokens were revoked');
    expect(mail.text).toContain(
      'Your 2 personal access tokens were revoked because your password was reset.',
    );

    const signIn = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'a brand new horse',
    });
    const cookie = cookieFrom(signIn);
    expect((await get('/api/account/tokens', cookie)).json()).toEqual([]);
    const { revocation: notice } = await revocation(cookie);
    expect(notice).toMatchObject({ reason: 'password-reset', count: 2 });
    expect(Date.now() - Date.parse(notice.revokedAt)).toBeLessThan(60_000);
    expect(await revocation(other.cookie)).toEqual({ revocation: null });
  });

  it('revokes them when a second factor is enrolled, not when a session proves it, and when it is removed', async () => {
    const user = await signUp(t.app);
    const before = await newToken(user.cookie);
    const elsewhere = cookieFrom(await post('/api/auth/sign-in/email', { email: user.email, password }));
    const { secret, cookie } = await enrol(user);
    expect((await readWith(before)).statusCode).toBe(401);
    const enrolled = await mailTo(t, user.userId, /revoked because/);
    expect(enrolled.text).toContain(
      'Your personal access token was revoked because two-factor authentication was turned on.',
    );
    expect((await revocation(cookie)).revocation).toMatchObject({
      reason: 'second-factor-enrolled',
      count: 1,
    });

    // Another session proving the factor enrols nothing: the token made after enrolment lives.
    const after = await newToken(cookie);
    const stepUp = await post(
      '/api/auth/two-factor/verify-totp',
      { code: await generate({ secret }) },
      elsewhere,
    );
    expect(stepUp.statusCode).toBe(200);
    expect((await readWith(after)).statusCode).toBe(200);
    // A wrong password removes nothing and revokes nothing.
    expect((await post('/api/auth/two-factor/disable', { password: 'wrong horse' }, cookie)).statusCode).toBe(
      400,
    );
    expect((await readWith(after)).statusCode).toBe(200);

    const removed = await post('/api/auth/two-factor/disable', { password }, cookie);
    expect(removed.statusCode).toBe(200);
    expect((await readWith(after)).statusCode).toBe(401);
    const removedMail = await mailTo(
      t,
      user.userId,
      /revoked because two-factor authentication was turned off/,
    );
    expect(removedMail.text).toContain(
      'Your personal access token was revoked because two-factor authentication was turned off.',
    );
    expect((await revocation(cookieFrom(removed))).revocation).toMatchObject({
      reason: 'second-factor-removed',
      count: 1,
    });
  });

  it('leaves the tokens of a user who removes a factor they never had', async () => {
    const user = await signUp(t.app);
    const token = await newToken(user.cookie);
    const disabled = await post('/api/auth/two-factor/disable', { password }, user.cookie);
    expect(disabled.statusCode).toBe(200);
    expect((await readWith(token)).statusCode).toBe(200);
    expect(await revocation(cookieFrom(disabled))).toEqual({ revocation: null });
  });
});
