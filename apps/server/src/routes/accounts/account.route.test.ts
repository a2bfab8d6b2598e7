import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import {
  as,
  cookieFrom,
  createTestApp,
  dialects,
  PUBLIC_URL,
  type SignedIn,
  type TestApp,
} from '../../test/test-app';
import { CHROME_UA, collectEvents, IPHONE_UA, pageview, trackedSite } from '../../test/tracked-site.fixture';

describe.each(dialects)('profile: sessions and account deletion on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { authRateLimit: 1000 });
  });
  afterAll(() => t.close());

  const call = (user: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });
  async function signInFrom(user: SignedIn, userAgent: string): Promise<SignedIn> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL, 'user-agent': userAgent },
      payload: { email: user.email, password: 'correct horse battery' },
    });
    return { ...user, cookie: cookieFrom(res) };
  }
  async function rowCount(table: string, column: string, value: string): Promise<number> {
    const database = openDatabase(t.config.database);
    try {
      const { rows } = await sql<{
        n: number | string;
      }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(
        database.db,
      );
      return Number(rows[0]?.n ?? 0);
    } finally {
      await database.destroy();
    }
  }

  it('lists the user’s own sessions with their device and last use, the current one marked', async () => {
    const { owner } = await trackedSite(t.app);
    const phone = await signInFrom(owner, IPHONE_UA);
    const laptop = await signInFrom(owner, CHROME_UA);
    const list = await call(laptop, 'GET', '/api/account/sessions');
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as { device: string; current: boolean; lastSeen: string }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.current)?.device).toBe('Chrome on Linux (desktop)');
    expect(sessions.map((s) => s.device)).toContain('Mobile Safari on iOS (mobile)');
    expect(Number.isNaN(Date.parse(sessions[0]?.lastSeen ?? ''))).toBe(false);
    expect((await call(phone, 'GET', '/api/account/sessions')).json()).toHaveLength(3);
  });

  it("signs one session out, and cannot sign out another user's", async () => {
    const alice = (await trackedSite(t.app)).owner;
    const bob = (await trackedSite(t.app)).owner;
    const alicePhone = await signInFrom(alice, IPHONE_UA);
    const bobSessions = (await call(bob, 'GET', '/api/account/sessions')).json() as { id: string }[];
    const bobSession = bobSessions[0]?.id ?? '';

    const foreign = await call(alice, 'DELETE', `/api/account/sessions/${bobSession}`);
    expect(foreign.statusCode).toBe(404);
    expect((await call(bob, 'GET', '/api/me')).statusCode).toBe(200);

    const mine = (await call(alicePhone, 'GET', '/api/account/sessions')).json() as {
      id: string;
      current: boolean;
    }[];
    const phoneId = mine.find((s) => s.current)?.id ?? '';
    expect((await call(alice, 'DELETE', `/api/account/sessions/${phoneId}`)).statusCode).toBe(204);
    expect((await call(alicePhone, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await call(alice, 'GET', '/api/me')).statusCode).toBe(200);
  });

  it("deletes the account with its organization, websites and events, and nothing of another user's", async () => {
    const alice = await trackedSite(t.app);
    const bob = await trackedSite(t.app);
    for (const site of [alice, bob]) {
      expect(
        (await collectEvents(t.app, site.siteId, [pageview(), pageview({ url: 'https://shop.test/a' })]))
          .statusCode,
      ).toBe(202);
    }
    await expect.poll(() => rowCount('event', 'website_id', alice.siteId)).toBe(2);
    await expect.poll(() => rowCount('event', 'website_id', bob.siteId)).toBe(2);

    const refused = await call(alice.owner, 'POST', '/api/account/delete', { password: 'not my password' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Invalid password', field: 'password' });
    expect(await rowCount('website', 'id', alice.siteId)).toBe(1);

    const deleted = await call(alice.owner, 'POST', '/api/account/delete', {
      password: 'correct horse battery',
    });
    expect(deleted.statusCode).toBe(204);
    expect((await call(alice.owner, 'GET', '/api/me')).statusCode).toBe(401);
    expect(await rowCount('user', 'id', alice.owner.userId)).toBe(0);
    expect(await rowCount('organization', 'owner_user_id', alice.owner.userId)).toBe(0);
    expect(await rowCount('website', 'id', alice.siteId)).toBe(0);
    expect(await rowCount('event', 'website_id', alice.siteId)).toBe(0);
    expect(await rowCount('campaign', 'website_id', alice.siteId)).toBe(0);

    expect(await rowCount('event', 'website_id', bob.siteId)).toBe(2);
    expect(await rowCount('organization', 'owner_user_id', bob.owner.userId)).toBe(1);
    const bobsSites = await call(bob.owner, 'GET', '/api/websites');
    expect((bobsSites.json() as { id: string }[]).map((s) => s.id)).toEqual([bob.siteId]);
    const sign = await signInFrom(alice.owner, CHROME_UA);
    expect(sign.cookie).not.toMatch(/session_token=[^;]/);
  });
});
