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

describe.each(dialects)('TOTP second factor on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { authRateLimit: 1000 });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...as(null), ...(cookie ? { cookie } : {}) }, payload });
  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { ...as(null), cookie } });
  const code = (secret: string) => generate({ secret });

  /** Enrols a TOTP factor and verifies it with a first code; answers the secret, the backup codes and the new (aal2) cookie. */
  async function enrol(user: SignedIn) {
    const enable = await post('/api/auth/two-factor/enable', { password }, user.cookie);
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    const secret = uri.searchParams.get('secret') ?? '';
    const verify = await post('/api/auth/two-factor/verify-totp', { code: await code(secret) }, user.cookie);
    expect(verify.statusCode).toBe(200);
    return { secret, backupCodes, cookie: cookieFrom(verify) };
  }

  async function signIn(email: string) {
    const res = await post('/api/auth/sign-in/email', { email, password });
    expect(res.statusCode).toBe(200);
    return { body: res.json(), cookie: cookieFrom(res) };
  }

  it('counts a factor only once a code from it was verified; a wrong code verifies nothing', async () => {
    const user = await signUp(t.app);
    const enable = await post('/api/auth/two-factor/enable', { password }, user.cookie);
    const secret = new URL(enable.json().totpURI).searchParams.get('secret') ?? '';
    const wrongCode = (await code(secret)) === '000000' ? '111111' : '000000';
    const wrong = await post('/api/auth/two-factor/verify-totp', { code: wrongCode }, user.cookie);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CODE');
    // Unverified: the session keeps working and sign-in asks for no code.
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await signIn(user.email)).body.twoFactorRedirect).toBeUndefined();
  });

  it('asks for the code at sign-in and opens the app and the API only after it', async () => {
    const user = await signUp(t.app);
    const { secret } = await enrol(user);
    const challenge = await signIn(user.email);
    expect(challenge.body.twoFactorRedirect).toBe(true);
    expect(challenge.cookie).not.toMatch(/session_token=[^;]/);
    expect((await me(challenge.cookie)).statusCode).toBe(401);

    const wrong = await post('/api/auth/two-factor/verify-totp', { code: '12345' }, challenge.cookie);
    expect(wrong.statusCode).toBe(401);
    const right = await post(
      '/api/auth/two-factor/verify-totp',
      { code: await code(secret) },
      challenge.cookie,
    );
    expect(right.statusCode).toBe(200);
    const session = cookieFrom(right);
    expect((await me(session)).statusCode).toBe(200);
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: session },
    });
    expect(current.json().session.aal).toBe('aal2');
  });

  it('blocks an aal1 session of a user with a verified factor until it proves a code', async () => {
    const user = await signUp(t.app);
    const elsewhere = await signIn(user.email); // another device, signed in before enrolment
    const { secret } = await enrol(user);
    const blocked = await me(elsewhere.cookie);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('Enter the code from your authenticator app to continue.');
    const websites = await t.app.inject({
      method: 'GET',
      url: '/api/websites',
      headers: { ...as(null), cookie: elsewhere.cookie },
    });
    expect(websites.statusCode).toBe(403);

    const stepUp = await post(
      '/api/auth/two-factor/verify-totp',
      { code: await code(secret) },
      elsewhere.cookie,
    );
    expect(stepUp.statusCode).toBe(200);
    expect((await me(elsewhere.cookie)).statusCode).toBe(200);
  });

  it('creates API tokens only from a session that has given its code', async () => {
    const user = await signUp(t.app);
    const elsewhere = await signIn(user.email); // aal1 once the factor below is verified
    const { cookie } = await enrol(user);
    const refused = await post('/api/account/tokens', { name: 'Script' }, elsewhere.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Enter the code from your authenticator app to continue.');
    const created = await post('/api/account/tokens', { name: 'Script' }, cookie);
    expect(created.statusCode).toBe(201);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/websites',
      headers: { authorization: `Bearer ${created.json().token}` },
    });
    expect(read.statusCode).toBe(200);
  });

  it('lets a backup code stand in for the app once', async () => {
    const user = await signUp(t.app);
    const { backupCodes } = await enrol(user);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    const first = await signIn(user.email);
    const used = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code: backupCodes[0] },
      first.cookie,
    );
    expect(used.statusCode).toBe(200);
    expect((await me(cookieFrom(used))).statusCode).toBe(200);
    const again = await signIn(user.email);
    const reused = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code: backupCodes[0] },
      again.cookie,
    );
    expect(reused.statusCode).toBe(401);
  });

  it('removes the factor with the password; sign-in then asks for no code', async () => {
    const user = await signUp(t.app);
    const { cookie } = await enrol(user);
    const refused = await post('/api/auth/two-factor/disable', { password: 'not the password' }, cookie);
    expect(refused.statusCode).toBe(400);
    expect((await signIn(user.email)).body.twoFactorRedirect).toBe(true);
    const removed = await post('/api/auth/two-factor/disable', { password }, cookie);
    expect(removed.statusCode).toBe(200);
    const plain = await signIn(user.email);
    expect(plain.body.twoFactorRedirect).toBeUndefined();
    expect((await me(plain.cookie)).statusCode).toBe(200);
  });

  it('tells Auth Debug the level, the factors and the sign-in methods of the user only', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const accounts = t.app.services.accounts;
    const asUser = { id: user.userId, email: user.email };
    const sessionId = async (cookie: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/account/sessions',
        headers: { ...as(null), cookie },
      });
      return (res.json() as { id: string; current: boolean }[]).find((s) => s.current)?.id ?? null;
    };
    expect(await accounts.assurance(asUser, await sessionId(user.cookie))).toEqual({
      current: 'aal1',
      required: 'aal1',
    });
    const { cookie } = await enrol(user);
    expect(await accounts.assurance(asUser, await sessionId(cookie))).toEqual({
      current: 'aal2',
      required: 'aal2',
    });
    expect((await accounts.factors(asUser)).map((f) => [f.type, f.verified])).toEqual([['totp', true]]);
    expect((await accounts.linkedProviders(asUser)).map((p) => p.providerId)).toEqual(['credential']);
    expect(await accounts.factors({ id: other.userId, email: other.email })).toEqual([]);
  });

  it("cannot enrol or remove another user's factor: every call acts on the caller's own account", async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    await enrol(alice);
    // Bob has no factor; his disable call (with his own password) leaves Alice's in place.
    await post('/api/auth/two-factor/disable', { password }, bob.cookie);
    expect((await signIn(alice.email)).body.twoFactorRedirect).toBe(true);
  });
});
