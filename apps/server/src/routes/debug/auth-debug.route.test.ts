import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/database';
import { SIGN_IN_TESTS_PER_ADDRESS } from '../../services/debug/auth-debug.service';
import {
  as,
  callAs,
  cookieFrom,
  createTestApp,
  dialects,
  PUBLIC_URL,
  type SignedIn,
  signUp,
  type TestApp,
} from '../../test/test-app';

const password = 'correct horse battery';
const DAY = 86_400_000;

describe.each(dialects)('auth debug API on %s', (dialect) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const report = async (user: SignedIn) => {
    const res = await callAs(t, user, 'GET', '/api/debug/auth');
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const signInTest = (user: SignedIn | null, body: object) =>
    callAs(t, user, 'POST', '/api/debug/auth/sign-in-test', body);
  const currentSession = async (user: SignedIn) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } })
    ).json();

  it('answers 401 without a session', async () => {
    expect((await callAs(t, null, 'GET', '/api/debug/auth')).statusCode).toBe(401);
    expect((await signInTest(null, { email: alice.email, password })).statusCode).toBe(401);
  });

  it("shows the user's own account, current session with its expiry, providers, factors and mail", async () => {
    const body = await report(alice);
    expect(body.user).toMatchObject({ id: alice.userId, email: alice.email, emailVerified: false });
    expect(body.sessions).toHaveLength(1);
    const [session] = body.sessions;
    expect(session.current).toBe(true);
    expect(Date.parse(session.expiresAt) - Date.now()).toBeGreaterThan(29 * DAY);
    expect(body.assurance).toEqual({ current: 'aal1', next: 'aal1' });
    expect(body.factors).toEqual([]);
    expect(body.linkedProviders).toEqual([{ providerId: 'credential', linkedAt: expect.any(String) }]);
    expect(body.configuredProviders).toEqual([{ id: 'credential', name: 'Email and password' }]);
    // No SMTP_URL in the test app: mail goes to the log and the dev outbox.
    expect(body.mailTransport).toEqual({ kind: 'log', description: 'log + dev outbox' });
  });

  it("lists the user's own mails from the dev outbox (the verification mail sent at sign-up), no one else's", async () => {
    const outbox = async (user: SignedIn) => (await report(user)).outbox as { to: string; subject: string }[];
    // The auth thread hands the mail over after sign-up answers: wait for it to arrive.
    await vi.waitFor(async () => expect(await outbox(alice)).not.toEqual([]), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await outbox(bob)).not.toEqual([]), { timeout: 10_000 });
    for (const user of [alice, bob]) {
      const mails = await outbox(user);
      expect(mails.map((m) => m.to)).toEqual(mails.map(() => user.email));
      expect(mails.map((m) => m.subject)).toContain('Verify your email address');
    }
  });

  it("never shows another user's sessions or account", async () => {
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL },
      payload: { email: bob.email, password },
    });
    const bobAgain = { ...bob, cookie: cookieFrom(second) };
    const bobs = await report(bobAgain);
    expect(bobs.user.email).toBe(bob.email);
    expect(bobs.sessions).toHaveLength(2);
    expect(bobs.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect((await report(alice)).sessions).toHaveLength(1);
  });

  it('tests a sign-in without creating, replacing or ending a session', async () => {
    const before = await currentSession(alice);
    const own = await signInTest(alice, { email: alice.email.toUpperCase(), password });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ ok: true });
    expect(own.headers['set-cookie']).toBeUndefined();

    // The sign-in screen says only that it worked: not whose account, nor whether it is verified.
    const other = await signInTest(alice, { email: bob.email, password });
    expect(other.json()).toEqual({ ok: true });
    expect(other.headers['set-cookie']).toBeUndefined();

    const after = await currentSession(alice);
    expect(after.session.id).toBe(before.session.id);
    expect(after.user.email).toBe(alice.email);
    expect((await report(alice)).sessions).toHaveLength(1);
    expect((await report(bob)).sessions).toHaveLength(2);
  });

  it("answers a wrong password or unknown email with the spec's text, and asks for both fields", async () => {
    for (const body of [
      { email: alice.email, password: 'not the password' },
      { email: 'nobody@example.com', password },
    ]) {
      const res = await signInTest(alice, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: false, error: 'Authentication failed. Please try again.' });
    }
    for (const body of [{ email: alice.email, password: '' }, { email: ' ', password }, {}]) {
      const res = await signInTest(alice, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'You must provide an email and a password',
      });
    }
  });

  it("reads factors from better-auth's twoFactor table, the user's own only", async () => {
    const database = openDatabase(t.config.database);
    try {
      // A verified factor as better-auth's two-factor plugin stores it (migration 0012 made the table).
      await sql`insert into "twoFactor" ("id", "secret", "backupCodes", "userId", "verified") values (${'f-alice'}, ${'s'}, ${'[]'}, ${alice.userId}, ${dialect === 'sqlite' ? 1 : true})`.execute(
        database.db,
      );
    } finally {
      await database.destroy();
    }
    const alices = await report(alice);
    expect(alices.factors).toEqual([{ id: 'f-alice', type: 'totp', verified: true }]);
    expect(alices.assurance).toEqual({ current: 'aal2', next: 'aal2' });
    const bobs = await report(bob);
    expect(bobs.factors).toEqual([]);
    expect(bobs.assurance).toEqual({ current: 'aal1', next: 'aal1' });
  });

  /** A sign-in test from `address` (the client's IP). */
  const testFrom = (user: SignedIn, address: string, email: string, guess = 'a wrong guess') =>
    t.app.inject({
      method: 'POST',
      url: '/api/debug/auth/sign-in-test',
      headers: as(user),
      remoteAddress: address,
      payload: { email, password: guess },
    });

  it('limits the tests of one address, whoever asks and from wherever, with a clear 429', async () => {
    const target = await signUp(t.app);
    const guessers = [await signUp(t.app), await signUp(t.app)];
    for (let i = 0; i < SIGN_IN_TESTS_PER_ADDRESS; i++) {
      const res = await testFrom(guessers[i % 2] as SignedIn, `198.51.100.${i + 1}`, target.email);
      expect(res.statusCode).toBe(200);
    }
    // Another spelling of the same address is the same address.
    const next = await testFrom(bob, '198.51.100.99', ` ${target.email.toUpperCase()} `, password);
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual({
      error: 'Too many sign-in tests for this address. Please wait a minute and try again.',
    });
    expect((await testFrom(bob, '198.51.100.99', alice.email, password)).json()).toEqual({ ok: true });
  });

  it('limits the tests of one client (its account and its IP address) to AUTH_RATE_LIMIT a minute', async () => {
    const [guesser, sameNetwork] = [await signUp(t.app), await signUp(t.app)];
    const fresh = () => `nobody-${Math.random().toString(36).slice(2)}@example.com`;
    for (let i = 0; i < t.config.authRateLimit; i++)
      expect((await testFrom(guesser, '203.0.113.7', fresh())).statusCode).toBe(200);
    const tooMany = { error: 'Too many sign-in tests. Please wait a minute and try again.' };
    const again = await testFrom(guesser, '203.0.113.7', fresh());
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual(tooMany);
    // The same account from another address, another account from the same address: still the client.
    expect((await testFrom(guesser, '203.0.113.8', fresh())).json()).toEqual(tooMany);
    expect((await testFrom(sameNetwork, '203.0.113.7', fresh())).json()).toEqual(tooMany);
    expect((await testFrom(sameNetwork, '203.0.113.9', fresh())).statusCode).toBe(200);
  });
});
