import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { as, cookieFrom, createTestApp, dialects, PUBLIC_URL, signUp, type TestApp } from '../test/test-app';

const password = 'correct horse battery';

describe.each(dialects)('accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { origin: PUBLIC_URL, ...headers }, payload });

  it('refuses a sign-up without the terms checkbox and creates no user', async () => {
    const email = 'noterms@example.com';
    const res = await post('/api/auth/sign-up/email', { email, password, name: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You must accept the terms of service to create an account');
    const retry = await post('/api/auth/sign-in/email', { email, password });
    expect(retry.statusCode).toBe(401);
  });

  it('asks for both an email and a password', async () => {
    const res = await post('/api/auth/sign-in/email', { email: 'a@example.com', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You must provide an email and a password');
  });

  it('starts a 14-day trial organization at sign-up', async () => {
    const before = Date.now();
    const user = await signUp(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: as(user) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual({ id: user.userId, email: user.email });
    const { organization } = me.json();
    expect(organization.plan).toBe('trial');
    expect(organization.status).toBe('trialing');
    const days = (Date.parse(organization.trialEndsAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
  });

  it('stores a hash, never the password', async () => {
    const user = await signUp(t.app);
    const database = openDatabase(t.config.database);
    try {
      const { rows } = await sql<{
        password: string;
      }>`select "password" from "account" where "userId" = ${user.userId}`.execute(database.db);
      expect(rows[0]?.password).toBeTruthy();
      expect(rows[0]?.password).not.toContain(password);
    } finally {
      await database.destroy();
    }
  });

  it("keeps a 30-day cookie with 'Remember me' and a browser-session cookie without it", async () => {
    const user = await signUp(t.app);
    const remembered = await post('/api/auth/sign-in/email', {
      email: user.email,
      password,
      rememberMe: true,
    });
    const sessionCookie = (res: typeof remembered) =>
      ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.includes('session_token='));
    expect(remembered.statusCode).toBe(200);
    expect(sessionCookie(remembered)).toMatch(/Max-Age=2592000/);
    expect(sessionCookie(remembered)).toMatch(/HttpOnly/);
    const forgotten = await post('/api/auth/sign-in/email', {
      email: user.email,
      password,
      rememberMe: false,
    });
    expect(forgotten.statusCode).toBe(200);
    expect(sessionCookie(forgotten)).not.toMatch(/Max-Age|Expires/);
  });

  it('rejects a wrong password and ends the session at sign-out', async () => {
    const user = await signUp(t.app);
    const wrong = await post('/api/auth/sign-in/email', { email: user.email, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toMatch(/invalid email or password/i);

    const signIn = await post('/api/auth/sign-in/email', { email: user.email, password });
    const session = { ...user, cookie: cookieFrom(signIn) };
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: as(session) })).statusCode).toBe(
      200,
    );
    const out = await post('/api/auth/sign-out', {}, { cookie: session.cookie });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: as(session) });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('Your session has expired. Please log in again.');
  });

  it('rate limits sign-in attempts per client address', async () => {
    const fresh = await createTestApp(dialect);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await fresh.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: PUBLIC_URL, 'x-forwarded-for': `10.0.0.${i}` },
          payload: { email: 'limit@example.com', password: 'wrong-password' },
        });
        statuses.push(res.statusCode);
      }
      // X-Forwarded-For is ignored without TRUST_PROXY, so every attempt counts against one address.
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    } finally {
      await fresh.close();
    }
  });

  it('never rate limits reading the session: every screen load does it, from offices behind one address', async () => {
    const user = await signUp(t.app);
    const statuses = new Set<number>();
    // Past better-auth's default of 300 a minute per address, which applies to every other auth path.
    for (let i = 0; i < 320; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: as(user) });
      statuses.add(res.statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });
});
