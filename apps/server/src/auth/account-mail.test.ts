import { signJWT } from 'better-auth/crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { linkIn, SmtpInbox } from '../test/smtp-inbox.fixture';
import {
  as,
  createTestApp,
  dialects,
  PUBLIC_URL,
  type SignedIn,
  signUp,
  type TestApp,
} from '../test/test-app';

const password = 'correct horse battery';

describe.each(dialects)('account mail over SMTP on %s', (dialect) => {
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

  const post = (url: string, payload: object, user: SignedIn | null = null) =>
    t.app.inject({ method: 'POST', url, headers: as(user), payload });
  const get = (url: string, user: SignedIn | null = null) =>
    t.app.inject({ method: 'GET', url, headers: as(user) });
  const session = async (user: SignedIn) => (await get('/api/auth/get-session', user)).json();
  const open = (link: URL, user: SignedIn | null = null) => get(`${link.pathname}${link.search}`, user);

  it('mails a verification link at sign-up; the link verifies the address, a wrong or expired one does not', async () => {
    const user = await signUp(t.app);
    expect((await session(user)).user.emailVerified).toBe(false);
    const mail = await inbox.next(user.email);
    expect(mail.from).toMatch(/^"?OCX"? <no-reply@ocx.test>$/);
    expect(mail.subject).toBe('Verify your email address');
    const link = linkIn(mail);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/api/auth/verify-email');

    const wrong = new URL(link);
    wrong.searchParams.set('token', `${link.searchParams.get('token')}x`);
    // The link carries a callbackURL: a refusal goes back to the app with the reason.
    expect((await open(wrong)).headers.location).toBe('/?error=INVALID_TOKEN');
    const expired = new URL(link);
    expired.searchParams.set(
      'token',
      await signJWT({ email: user.email, userId: user.userId }, t.config.authSecret, -60),
    );
    expect((await open(expired)).headers.location).toBe('/?error=TOKEN_EXPIRED');
    expect((await session(user)).user.emailVerified).toBe(false);

    const opened = await open(link);
    expect(opened.statusCode).toBe(302);
    expect((await session(user)).user.emailVerified).toBe(true);
  });

  it('keeps no dev outbox when mail goes over SMTP', async () => {
    const user = await signUp(t.app);
    const res = await get('/api/account/outbox', user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ transport: 'smtp', mails: [] });
  });

  it('resends the verification mail on request, then asks to wait', async () => {
    const user = await signUp(t.app);
    await inbox.next(user.email);
    const before = inbox.count;
    const resend = await post(
      '/api/auth/send-verification-email',
      { email: user.email, callbackURL: '/dashboard' },
      user,
    );
    expect(resend.statusCode).toBe(200);
    const again = await inbox.next(user.email, before);
    expect(linkIn(again).searchParams.get('callbackURL')).toBe('/dashboard');
    const tooSoon = await post('/api/auth/send-verification-email', { email: user.email }, user);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['x-retry-after'])).toBeGreaterThan(0);
  });

  it('resets a forgotten password by mail, signs out every session, and refuses the link a second time', async () => {
    const user = await signUp(t.app);
    await inbox.next(user.email); // the sign-up's verification mail
    const before = inbox.count;
    const request = await post('/api/auth/request-password-reset', { email: user.email });
    expect(request.statusCode).toBe(200);
    const mail = await inbox.next(user.email, before);
    expect(mail.subject).toBe('Reset your password');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    const token = link.searchParams.get('token') ?? '';

    const wrong = await post('/api/auth/reset-password', {
      token: `${token}x`,
      newPassword: 'a new long password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_TOKEN');
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'a new long password' });
    expect(reset.statusCode).toBe(200);
    expect((await get('/api/me', user)).statusCode).toBe(401);
    const reused = await post('/api/auth/reset-password', { token, newPassword: 'yet another password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_TOKEN');

    expect((await post('/api/auth/sign-in/email', { email: user.email, password })).statusCode).toBe(401);
    const signIn = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'a new long password',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const user = await signUp(t.app);
    await inbox.next(user.email);
    const before = inbox.count;
    await post('/api/auth/request-password-reset', { email: user.email });
    const token = linkIn(await inbox.next(user.email, before)).searchParams.get('token') ?? '';
    const database = openDatabase(t.config.database);
    try {
      const past =
        dialect === 'sqlite' ? new Date(Date.now() - 1000).toISOString() : new Date(Date.now() - 1000);
      await sql`update "verification" set "expiresAt" = ${past} where "identifier" = ${`reset-password:${token}`}`.execute(
        database.db,
      );
    } finally {
      await database.destroy();
    }
    const expired = await post('/api/auth/reset-password', { token, newPassword: 'a new long password' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('INVALID_TOKEN');
  });

  it('says the same whether or not an address has an account, and mails only real ones', async () => {
    const unknown = await post('/api/auth/request-password-reset', { email: 'nobody-here@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(inbox.to('nobody-here@example.com')).toEqual([]);
  });

  it('changes the password with the current one, and not without it', async () => {
    const user = await signUp(t.app);
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'not it at all', newPassword: 'changed password 1' },
      user,
    );
    expect(wrong.statusCode).toBe(400);
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: password, newPassword: 'changed password 1', revokeOtherSessions: true },
      user,
    );
    expect(changed.statusCode).toBe(200);
    const signIn = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'changed password 1',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('changes a verified email after the old address confirms and the new one verifies; another user cannot use the link', async () => {
    const user = await signUp(t.app);
    await open(linkIn(await inbox.next(user.email)));
    const newEmail = `moved-${Date.now()}@example.com`;
    const before = inbox.count;
    expect(
      (await post('/api/auth/change-email', { newEmail, callbackURL: '/profile' }, user)).statusCode,
    ).toBe(200);
    const confirm = await inbox.next(user.email, before);
    expect(confirm.subject).toBe('Confirm your new email address');
    expect(confirm.text).toContain(newEmail);

    const other = await signUp(t.app);
    const stolen = await open(linkIn(confirm), other);
    expect(stolen.statusCode).toBe(302);
    expect(stolen.headers.location).toContain('error=INVALID_USER');
    expect(inbox.to(newEmail)).toEqual([]);

    expect((await open(linkIn(confirm), user)).headers.location).toBe('/profile');
    const verify = await inbox.next(newEmail);
    expect((await session(user)).user.email).toBe(user.email);
    await open(linkIn(verify), user);
    const after = await session(user);
    expect(after.user.email).toBe(newEmail);
    expect(after.user.emailVerified).toBe(true);
    expect((await session(other)).user.email).toBe(other.email);
  });
});
