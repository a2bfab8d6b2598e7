import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import {
  as,
  createTestApp,
  dialects,
  PUBLIC_URL,
  type SignedIn,
  signUp,
  type TestApp,
} from '../../test/test-app';
import { collectEvents, pageview, trackedSite, trackerId } from '../../test/tracked-site.fixture';

describe.each(dialects)('personal access tokens and the JWKS on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let siteId: string;
  let campaign: { id: string; ocxid: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ owner, siteId, campaign } = await trackedSite(t.app));
    stranger = await signUp(t.app);
    const url = `https://shop.test/spring?ocxid=${campaign.ocxid}`;
    await collectEvents(t.app, siteId, [
      pageview({ visitorId: trackerId('v'), sessionId: trackerId('s'), url }),
    ]);
  });
  afterAll(() => t.close());

  const withCookie = (user: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });
  const withToken = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { name: 'x' } }),
    });
  const newToken = async (user: SignedIn, body: object = { name: 'Reporting script' }) => {
    const res = await withCookie(user, 'POST', '/api/account/tokens', body);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; token: string; prefix: string; expiresAt: string | null };
  };

  it('creates a read-only token shown once and reads the user’s clicks and conversions with it', async () => {
    const created = await newToken(owner);
    expect(created.token).toMatch(/^ocx_pat_[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(created.expiresAt ?? '') - Date.now()).toBeGreaterThan(29 * 86_400_000);
    for (const path of [
      `/api/clicks?websiteId=${siteId}`,
      `/api/conversions?websiteId=${siteId}`,
      '/api/websites',
    ]) {
      const byToken = await withToken(created.token, 'GET', path);
      expect(byToken.statusCode, path).toBe(200);
      expect(byToken.json(), path).toEqual((await withCookie(owner, 'GET', path)).json());
    }
    expect((await withToken(created.token, 'GET', `/api/clicks?websiteId=${siteId}`)).json()).toHaveLength(1);
    const listed = (await withCookie(owner, 'GET', '/api/account/tokens')).json();
    const mine = listed.find((k: { id: string }) => k.id === created.id);
    expect(mine).toMatchObject({ name: 'Reporting script', prefix: created.prefix, scope: 'read' });
    expect(mine.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(created.token);
  });

  it('refuses every state-changing method with a token, even from the app’s origin beside a cookie', async () => {
    const { token } = await newToken(owner);
    for (const [method, url] of [
      ['POST', '/api/websites'],
      ['PATCH', `/api/websites/${siteId}`],
      ['PUT', '/api/funnels/some-id'],
      ['DELETE', `/api/websites/${siteId}`],
    ] as const) {
      const res = await withToken(token, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toMatch(/read-only/);
    }
    const both = await t.app.inject({
      method: 'DELETE',
      url: `/api/websites/${siteId}`,
      headers: { ...as(owner), authorization: `Bearer ${token}` },
    });
    expect(both.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'DELETE',
      url: `/api/websites/${siteId}`,
      headers: { cookie: owner.cookie, origin: 'https://evil.test', authorization: `Bearer ${token}` },
    });
    expect(crossSite.json().error).toMatch(/Cross-site/);
    expect((await withCookie(owner, 'GET', `/api/websites/${siteId}`)).statusCode).toBe(200);
  });

  it('keeps tokens away from the account and the debug tools', async () => {
    const { token } = await newToken(owner);
    for (const url of ['/api/account/tokens', '/api/account/sessions', '/api/debug/auth']) {
      expect((await withToken(token, 'GET', url)).statusCode, url).toBe(403);
    }
  });

  it('answers 401 for a revoked, an expired or an unknown token', async () => {
    const revoked = await newToken(owner);
    expect((await withCookie(owner, 'DELETE', `/api/account/tokens/${revoked.id}`)).statusCode).toBe(204);
    expect((await withToken(revoked.token, 'GET', '/api/websites')).statusCode).toBe(401);

    const expiring = await newToken(owner, { name: 'Short', expiresInDays: 7 });
    expect((await withToken(expiring.token, 'GET', '/api/websites')).statusCode).toBe(200);
    const database = openDatabase(t.config.database);
    try {
      await database.db
        .updateTable('api_token')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', expiring.id)
        .execute();
    } finally {
      await database.destroy();
    }
    const expired = await withToken(expiring.token, 'GET', '/api/websites');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toMatch(/invalid, expired or revoked/);
    expect(
      (await withToken('ocx_pat_not-a-real-token-0000000000000000', 'GET', '/api/websites')).statusCode,
    ).toBe(401);
  });

  it('lets a token read only its user’s websites', async () => {
    const { token } = await newToken(stranger);
    expect((await withToken(token, 'GET', '/api/websites')).json()).toEqual([]);
    expect((await withToken(token, 'GET', `/api/websites/${siteId}`)).statusCode).toBe(404);
    expect((await withToken(token, 'GET', `/api/clicks?websiteId=${siteId}`)).statusCode).toBe(404);
  });

  it('lists and revokes only the user’s own tokens', async () => {
    const other = await signUp(t.app);
    const ownerToken = await newToken(owner);
    const otherToken = await newToken(other, { name: 'Theirs', expiresInDays: null });
    const otherList = (await withCookie(other, 'GET', '/api/account/tokens')).json();
    expect(otherList.map((k: { name: string }) => k.name)).toEqual(['Theirs']);
    expect(otherList[0].expiresAt).toBeNull();
    expect((await withCookie(other, 'DELETE', `/api/account/tokens/${ownerToken.id}`)).statusCode).toBe(404);
    expect((await withToken(ownerToken.token, 'GET', '/api/websites')).statusCode).toBe(200);
    expect((await withToken(otherToken.token, 'GET', '/api/websites')).statusCode).toBe(200);
  });

  it('keeps the website API key working on POST /api/v1/conversions', async () => {
    const { key } = (
      await withCookie(owner, 'POST', `/api/websites/${siteId}/api-keys`, { name: 'Shop backend' })
    ).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/conversions',
      headers: { authorization: `Bearer ${key}` },
      payload: { goal: 'Purchase', ocxid: campaign.ocxid },
    });
    expect(res.statusCode).toBe(201);
  });

  it('serves the JWKS at /.well-known/jwks.json, and a session’s JWT verifies against it', async () => {
    const { token } = (await withCookie(owner, 'GET', '/api/auth/token')).json();
    const jwks = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.statusCode).toBe(200);
    const keySet = jwks.json();
    expect(keySet.keys.length).toBeGreaterThan(0);
    expect(JSON.stringify(keySet)).not.toMatch(/"d":/);
    const { payload } = await jwtVerify(token, createLocalJWKSet(keySet), {
      issuer: PUBLIC_URL,
      audience: PUBLIC_URL,
    });
    expect(payload.sub).toBe(owner.userId);
  });
});
