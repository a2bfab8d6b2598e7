import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { linkIn, SmtpInbox } from '../test/smtp-inbox.fixture';
import {
  as,
  cookieFrom,
  createTestApp,
  dialects,
  PUBLIC_URL,
  type SignedIn,
  signUp,
  type TestApp,
} from '../test/test-app';

describe.each(dialects)('one-time codes and magic links on %s', (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    t = await createTestApp(dialect, { mail: { smtpUrl: inbox.url, from: 'OCX <no-reply@ocx.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...as(null), ...(cookie ? { cookie } : {}) }, payload });
  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { ...as(null), cookie } });
  const open = (link: URL) =>
    t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}`, headers: as(null) });

  /** A signed-up user whose sign-up mail has arrived (so later waits see only new mail). */
  async function user(): Promise<SignedIn> {
    const u = await signUp(t.app);
    await inbox.next(u.email);
    return u;
  }
  async function codeFor(email: string): Promise<string> {
    const before = inbox.count;
    expect(
      (await post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' })).statusCode,
    ).toBe(200);
    const mail = await inbox.next(email, before);
    return mail.text.match(/^\d{6}$/m)?.[0] ?? '';
  }
  async function linkFor(email: string): Promise<URL> {
    const before = inbox.count;
    expect(
      (await post('/api/auth/sign-in/magic-link', { email, callbackURL: '/dashboard' })).statusCode,
    ).toBe(200);
    return linkIn(await inbox.next(email, before));
  }
  async function expireAll(prefix: string): Promise<void> {
    const database = openDatabase(t.config.database);
    try {
      const past =
        dialect === 'sqlite' ? new Date(Date.now() - 1000).toISOString() : new Date(Date.now() - 1000);
      await sql`update "verification" set "expiresAt" = ${past} where "identifier" like ${`${prefix}%`}`.execute(
        database.db,
      );
    } finally {
      await database.destroy();
    }
  }

  it('signs in with a mailed code once; a wrong code and a used one are refused', async () => {
    const u = await user();
    const code = await codeFor(u.email);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await post('/api/auth/sign-in/email-otp', {
      email: u.email,
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const right = await post('/api/auth/sign-in/email-otp', { email: u.email, otp: code });
    expect(right.statusCode).toBe(200);
    expect((await me(cookieFrom(right))).statusCode).toBe(200);
    const reused = await post('/api/auth/sign-in/email-otp', { email: u.email, otp: code });
    expect(reused.statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const u = await user();
    const code = await codeFor(u.email);
    await expireAll('sign-in-otp-');
    const expired = await post('/api/auth/sign-in/email-otp', { email: u.email, otp: code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('OTP_EXPIRED');
  });

  it('signs in with a mailed link once; the same link again is refused', async () => {
    const u = await user();
    const link = await linkFor(u.email);
    expect(link.pathname).toBe('/api/auth/magic-link/verify');
    const first = await open(link);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(`${PUBLIC_URL}/dashboard`);
    expect((await me(cookieFrom(first))).statusCode).toBe(200);
    const again = await open(link);
    expect(again.headers.location).toMatch(/error=INVALID_TOKEN/);
    expect(cookieFrom(again)).not.toMatch(/session_token=[^;]/);
  });

  it('refuses an expired link', async () => {
    const u = await user();
    const link = await linkFor(u.email);
    await expireAll('magic-link');
    const expired = await open(link);
    // better-auth finds no unexpired token: the same refusal as for an unknown one.
    expect(expired.headers.location).toMatch(/error=INVALID_TOKEN/);
    expect(cookieFrom(expired)).not.toMatch(/session_token=[^;]/);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const nobody = `nobody-${Date.now()}@example.com`;
    expect(
      (await post('/api/auth/email-otp/send-verification-otp', { email: nobody, type: 'sign-in' }))
        .statusCode,
    ).toBe(200);
    expect((await post('/api/auth/sign-in/magic-link', { email: nobody })).statusCode).toBe(200);
    expect(inbox.to(nobody)).toEqual([]);
  });

  it('keeps a user with a verified factor at aal1 after a code until the factor is proven', async () => {
    const u = await user();
    const enable = await post('/api/auth/two-factor/enable', { password: 'correct horse battery' }, u.cookie);
    const secret = new URL(enable.json().totpURI).searchParams.get('secret') ?? '';
    await post('/api/auth/two-factor/verify-totp', { code: await generate({ secret }) }, u.cookie);
    const signIn = await post('/api/auth/sign-in/email-otp', { email: u.email, otp: await codeFor(u.email) });
    expect(signIn.statusCode).toBe(200);
    expect((await me(cookieFrom(signIn))).statusCode).toBe(403);
  });

  it('does not route password reset, email verification or email change by code (404)', async () => {
    const u = await user();
    const failures: string[] = [];
    for (const [path, body] of [
      ['/api/auth/forget-password/email-otp', { email: u.email }],
      ['/api/auth/email-otp/request-password-reset', { email: u.email }],
      [
        '/api/auth/email-otp/reset-password',
        { email: u.email, otp: '123456', password: 'a new horse battery' },
      ],
      ['/api/auth/email-otp/verify-email', { email: u.email, otp: '123456' }],
      [
        '/api/auth/email-otp/check-verification-otp',
        { email: u.email, type: 'forget-password', otp: '123456' },
      ],
      ['/api/auth/email-otp/request-email-change', { newEmail: 'other@example.com' }],
      ['/api/auth/email-otp/change-email', { newEmail: 'other@example.com', otp: '123456' }],
    ] as const) {
      for (const spelled of [path, `${path}/`, path.replace('otp', '%6Ftp')]) {
        const res = await post(spelled, body, u.cookie);
        if (res.statusCode !== 404) failures.push(`${spelled} → ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('sends and stores a code only for signing in: another type is refused and mails nothing', async () => {
    const u = await user();
    for (const type of ['forget-password', 'email-verification', 'change-email']) {
      const res = await post('/api/auth/email-otp/send-verification-otp', { email: u.email, type });
      expect(res.statusCode, type).toBe(400);
    }
    const database = openDatabase(t.config.database);
    try {
      const stored = await sql<{
        identifier: string;
      }>`select "identifier" from "verification" where "identifier" like ${`%${u.email}%`}`.execute(
        database.db,
      );
      expect(stored.rows.map((r) => r.identifier)).toEqual([]);
    } finally {
      await database.destroy();
    }
    expect(await codeFor(u.email)).toMatch(/^\d{6}$/); // the sign-in code still comes
  });

  it('rate limits asking for codes per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post('/api/auth/email-otp/send-verification-otp', {
        email: `limit${i}@example.com`,
        type: 'sign-in',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
