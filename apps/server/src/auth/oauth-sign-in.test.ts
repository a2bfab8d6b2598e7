import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { joinCookies, OAuthFlow } from '../test/oauth-flow';
import { OidcIssuer } from '../test/oidc-issuer.fixture';
import { linkIn, SmtpInbox } from '../test/smtp-inbox.fixture';
import {
  callAs,
  cookieFrom,
  createTestApp,
  dialects,
  PUBLIC_URL,
  type SignedIn,
  signUp,
  type TestApp,
} from '../test/test-app';

describe.each(dialects)('sign-in with Google and an OIDC provider on %s', (dialect) => {
  let t: TestApp;
  let issuer: OidcIssuer;
  let inbox: SmtpInbox;
  let flow: OAuthFlow;
  let n = 0;
  beforeAll(async () => {
    issuer = await OidcIssuer.start(`${PUBLIC_URL}/api/auth/callback/oidc`);
    inbox = await SmtpInbox.start();
    t = await createTestApp(dialect, {
      authRateLimit: 1000,
      mail: { smtpUrl: inbox.url, from: 'OCX <no-reply@ocx.test>' },
      oauth: {
        // Configured only: the tests read the redirect OCX builds and never follow it.
        google: { clientId: 'google-client.apps.googleusercontent.com', clientSecret: 'google-secret' },
        oidc: {
          issuer: issuer.issuer,
          clientId: issuer.clientId,
          clientSecret: issuer.clientSecret,
          name: 'Test SSO',
        },
      },
    });
    flow = new OAuthFlow(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
    await issuer?.close();
  });

  const email = () => `sso${++n}-${Date.now()}@example.com`;
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  const accounts = async (user: SignedIn) =>
    (await callAs(t, user, 'GET', '/api/auth/list-accounts')).json() as {
      id: string;
      providerId: string;
      accountId: string;
    }[];
  const unlink = (user: SignedIn, accountId: string) =>
    callAs(t, user, 'POST', '/api/auth/unlink-account', { accountId });
  /** A signed-up user who opened the verification link from the sign-up mail. */
  async function verifiedUser(): Promise<SignedIn> {
    const user = await signUp(t.app, email());
    const link = linkIn(await inbox.next(user.email));
    await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    return user;
  }
  const signedIn = async (cookie: string): Promise<SignedIn> => {
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    return { userId: res.json().user.id, email: res.json().user.email, cookie };
  };

  /** The provider's access token is stored, but not as it was issued. */
  async function expectEncryptedTokens(userId: string): Promise<void> {
    const database = openDatabase(t.config.database);
    try {
      // The schema type leaves out better-auth's token columns.
      const { rows } = await sql<{ accessToken: string | null }>`select "accessToken" from "account"
        where "userId" = ${userId} and "providerId" = 'oidc'`.execute(database.db);
      const stored = rows[0]?.accessToken ?? '';
      const issued = issuer.accessTokens.at(-1) ?? '';
      expect(issued).not.toBe('');
      expect(stored).not.toBe('');
      expect(stored).not.toContain(issued);
    } finally {
      await database.destroy();
    }
  }

  it('lists the configured providers for the login page and Auth Debug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-providers' });
    expect(res.json()).toEqual({
      providers: [
        { id: 'google', name: 'Google' },
        { id: 'oidc', name: 'Test SSO' },
      ],
      termsUrl: '/terms',
      privacyUrl: '/privacy',
    });
    const user = await signUp(t.app);
    const debug = (await callAs(t, user, 'GET', '/api/debug/auth')).json();
    expect(debug.configuredProviders.map((p: { id: string }) => p.id)).toEqual([
      'credential',
      'google',
      'oidc',
    ]);
  });

  it('sends Google sign-ins to Google with a PKCE challenge', async () => {
    const { url } = await flow.start('google');
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/callback/google`);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('creates the user on a first OIDC sign-in, with PKCE on the authorization request', async () => {
    const address = email();
    issuer.signInAs({ sub: `new-${n}`, email: address, emailVerified: true });
    const landing = await flow.run('oidc');
    expect(landing.location).toBe('/dashboard');
    const sent = issuer.authorizeRequests.at(-1);
    expect(sent?.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(sent?.searchParams.get('code_challenge_method')).toBe('S256');
    const user = await signedIn(landing.cookie);
    expect(user.email).toBe(address);
    const [only, ...rest] = await accounts(user);
    expect([only?.providerId, only?.accountId, rest]).toEqual(['oidc', `new-${n}`, []]);
    await expectEncryptedTokens(user.userId);
    // Its only way to sign in cannot be removed (better-auth: FAILED_TO_UNLINK_LAST_ACCOUNT).
    const last = await unlink(user, only?.id ?? '');
    expect(last.statusCode).toBe(400);
    expect(last.json().code).toBe('FAILED_TO_UNLINK_LAST_ACCOUNT');
  });

  it('lets an account made by the provider set a password with the reset link', async () => {
    const address = email();
    issuer.signInAs({ sub: `reset-${n}`, email: address, emailVerified: true });
    const user = await signedIn((await flow.run('oidc')).cookie);
    await callAs(t, null, 'POST', '/api/auth/request-password-reset', {
      email: address,
      redirectTo: '/reset-password',
    });
    const token = linkIn(await inbox.next(address)).searchParams.get('token') ?? '';
    const reset = await callAs(t, null, 'POST', '/api/auth/reset-password', {
      token,
      newPassword: 'a new password 1',
    });
    expect(reset.statusCode).toBe(200);
    const signIn = await callAs(t, null, 'POST', '/api/auth/sign-in/email', {
      email: address,
      password: 'a new password 1',
    });
    expect(signIn.statusCode).toBe(200);
    const relogged = await signedIn(cookieFrom(signIn));
    expect(relogged.userId).toBe(user.userId);
    expect((await accounts(relogged)).map((a) => a.providerId).sort()).toEqual(['credential', 'oidc']);
  });

  it('signs in to the existing account when the provider has verified its address', async () => {
    const user = await verifiedUser();
    issuer.signInAs({ sub: `linked-${n}`, email: user.email.toUpperCase(), emailVerified: true });
    const landing = await flow.run('oidc');
    expect(landing.location).toBe('/dashboard');
    expect((await signedIn(landing.cookie)).userId).toBe(user.userId);
    expect((await accounts(user)).map((a) => a.providerId).sort()).toEqual(['credential', 'oidc']);
    const debug = (await callAs(t, user, 'GET', '/api/debug/auth')).json();
    expect(debug.linkedProviders.map((p: { providerId: string }) => p.providerId)).toEqual([
      'credential',
      'oidc',
    ]);
  });

  it('refuses to link when the provider has not verified the address, or the account has not', async () => {
    const user = await verifiedUser();
    issuer.signInAs({ sub: `unverified-${n}`, email: user.email, emailVerified: false });
    const refused = await flow.run('oidc');
    // better-auth sends the browser to the error URL with error=account_not_linked and opens no session.
    expect(refused.location).toBe('/login?error=account_not_linked');
    expect(refused.cookie).not.toMatch(/session_token=[^;]/);
    const unverifiedHere = await signUp(t.app, email());
    issuer.signInAs({ sub: `claims-${n}`, email: unverifiedHere.email, emailVerified: true });
    expect((await flow.run('oidc')).location).toBe('/login?error=account_not_linked');
    expect((await accounts(user)).map((a) => a.providerId)).toEqual(['credential']);
    expect((await accounts(unverifiedHere)).map((a) => a.providerId)).toEqual(['credential']);
  });

  it('still asks a user with a verified second factor for a code after a provider sign-in', async () => {
    const user = await verifiedUser();
    const enable = await callAs(t, user, 'POST', '/api/auth/two-factor/enable', {
      password: 'correct horse battery',
    });
    const secret = new URL(enable.json().totpURI).searchParams.get('secret') ?? '';
    await callAs(t, user, 'POST', '/api/auth/two-factor/verify-totp', { code: await generate({ secret }) });
    issuer.signInAs({ sub: `totp-${n}`, email: user.email, emailVerified: true });
    const landing = await flow.run('oidc');
    expect(landing.location).toBe('/dashboard');
    expect((await me(landing.cookie)).statusCode).toBe(403);
    const stepUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { origin: PUBLIC_URL, cookie: landing.cookie },
      payload: { code: await generate({ secret }) },
    });
    expect(stepUp.statusCode).toBe(200);
    expect((await me(joinCookies(landing.cookie, cookieFrom(stepUp)))).statusCode).toBe(200);
  });

  it('links from the profile, unlinks, and keeps the last way to sign in', async () => {
    const user = await signUp(t.app, email());
    issuer.signInAs({ sub: `profile-${n}`, email: user.email, emailVerified: true });
    const landing = await flow.run('oidc', user);
    expect(landing.location).toBe('/profile');
    const linked = await accounts(user);
    expect(linked.map((a) => a.providerId).sort()).toEqual(['credential', 'oidc']);
    const oidc = linked.find((a) => a.providerId === 'oidc');
    expect((await unlink(user, oidc?.id ?? '')).statusCode).toBe(200);
    const left = await accounts(user);
    expect(left.map((a) => a.providerId)).toEqual(['credential']);
    expect((await unlink(user, left[0]?.id ?? '')).json().code).toBe('FAILED_TO_UNLINK_LAST_ACCOUNT');
  });

  it("refuses to link another address from the profile, and to unlink another user's account", async () => {
    const alice = await signUp(t.app, email());
    issuer.signInAs({ sub: `alice-${n}`, email: alice.email, emailVerified: true });
    await flow.run('oidc', alice);
    const bob = await signUp(t.app, email());
    issuer.signInAs({ sub: `bob-${n}`, email: alice.email, emailVerified: true });
    const otherAddress = await flow.run('oidc', bob);
    expect(otherAddress.location).toMatch(/^\/profile\?error=email_does_not_match$/);
    issuer.signInAs({ sub: `bob-${n}`, email: bob.email, emailVerified: true });
    await flow.run('oidc', bob);
    const aliceOidc = (await accounts(alice)).find((a) => a.providerId === 'oidc');
    const refused = await unlink(bob, aliceOidc?.id ?? '');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('ACCOUNT_NOT_FOUND');
    expect((await accounts(alice)).map((a) => a.providerId).sort()).toEqual(['credential', 'oidc']);
  });

  it('refuses a callback whose state was tampered with, or that comes back without its cookie', async () => {
    const address = email();
    issuer.signInAs({ sub: `state-${n}`, email: address, emailVerified: true });
    const { url, cookie } = await flow.start('oidc');
    const callback = await flow.throughProvider(url);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    const tampered = await flow.land(forged, cookie);
    // An unknown state: better-auth's default error URL (onAPIError.errorURL, the login page).
    expect(tampered.location).toBe(`${PUBLIC_URL}/login?error=state_mismatch`);
    expect(tampered.cookie).not.toMatch(/session_token=[^;]/);
    const cookieless = await flow.land(callback, '');
    // A known state without the browser's state cookie: the sign-in's own error URL.
    expect(cookieless.location).toBe('/login?error=state_mismatch');
    expect(cookieless.cookie).not.toMatch(/session_token=[^;]/);
    expect((await me(joinCookies(tampered.cookie, cookieless.cookie))).statusCode).toBe(401);
  });
});
