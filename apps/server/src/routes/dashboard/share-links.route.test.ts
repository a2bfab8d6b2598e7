import { messages } from '@ocx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  createTestApp,
  dialects,
  PUBLIC_URL,
  type SignedIn,
  signUp,
  type TestApp,
} from '../../test/test-app';
import { collectEvents, pageview, trackedSite, trackerId } from '../../test/tracked-site.fixture';

describe.each(dialects)('shared dashboard links on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let siteId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ owner, siteId } = await trackedSite(t.app));
    stranger = await signUp(t.app);
    const visitorId = trackerId('v');
    const stored = await collectEvents(t.app, siteId, [
      pageview({ visitorId, sessionId: trackerId('s'), url: 'https://shop.test/' }),
      pageview({ visitorId, sessionId: trackerId('s'), url: 'https://shop.test/pricing' }),
    ]);
    expect(stored.statusCode).toBe(202);
  });
  afterAll(() => t.close());

  const share = async (user: SignedIn, body: object = {}) => {
    const res = await callAs(t, user, 'POST', `/api/websites/${siteId}/shares`, body);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { id: string; url: string; prefix: string; passwordProtected: boolean };
    return { ...created, token: created.url.slice(`${PUBLIC_URL}/share/`.length) };
  };
  const open = (token: string, path = '', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/share/${token}${path}`, headers });
  const unlock = (token: string, password: string, remoteAddress = '198.51.100.1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/share/${token}/unlock`,
      headers: { origin: PUBLIC_URL },
      payload: { password },
      remoteAddress,
    });

  it('gives anyone with the link the website’s dashboard, read-only, and lists it without its token', async () => {
    const link = await share(owner);
    expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL}/share/ocx_share_[A-Za-z0-9_-]{32}$`));
    expect(link.passwordProtected).toBe(false);

    expect((await open(link.token)).json()).toEqual({
      websiteName: 'Shop',
      rootDomain: 'shop.test',
      passwordProtected: false,
    });
    const shared = await open(link.token, '/dashboard?range=7d');
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['cache-control']).toBe('private, no-store');
    const own = await callAs(t, owner, 'GET', `/api/analytics/dashboard?websiteId=${siteId}&range=7d`);
    const pick = ({
      totalClicks,
      uniqueVisitors,
      topPages,
      trafficSources,
      conversions,
    }: Record<string, unknown>) => ({
      totalClicks,
      uniqueVisitors,
      topPages,
      trafficSources,
      conversions,
    });
    expect(pick(shared.json())).toEqual(pick(own.json()));
    expect(shared.json().totalClicks).toBe(2);

    const listed = await callAs(t, owner, 'GET', `/api/websites/${siteId}/shares`);
    const mine = listed.json().find((l: { id: string }) => l.id === link.id);
    expect(mine).toMatchObject({ prefix: link.prefix, passwordProtected: false });
    expect(mine.lastViewedAt).not.toBeNull();
    expect(listed.body).not.toContain(link.token);
  });

  it('asks for the password of a protected link, refuses a wrong one and accepts the proof of the right one', async () => {
    const link = await share(owner, { password: 'client-password-1' });
    const other = await share(owner, { password: 'other-password-2' });
    expect((await open(link.token)).json().passwordProtected).toBe(true);

    const locked = await open(link.token, '/dashboard?range=30d');
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toBe(messages.shares.passwordRequired);

    const wrong = await unlock(link.token, 'not-the-password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(messages.shares.wrongPassword);

    const right = await unlock(link.token, 'client-password-1');
    expect(right.statusCode).toBe(200);
    const { access } = right.json() as { access: string };
    expect((await open(link.token, '/dashboard?range=30d', { 'x-share-access': access })).statusCode).toBe(
      200,
    );
    // One link's proof opens no other link, and a forged one opens nothing.
    expect((await open(other.token, '/dashboard', { 'x-share-access': access })).statusCode).toBe(403);
    expect(
      (await open(link.token, '/dashboard', { 'x-share-access': `${access.slice(1)}x` })).statusCode,
    ).toBe(403);
  });

  it('gives the breakdowns and the filters of the dashboard through the link, behind its password', async () => {
    const link = await share(owner);
    const pages = await open(link.token, '/breakdown?range=7d&dimension=page');
    expect(pages.statusCode, pages.body).toBe(200);
    expect(pages.headers['cache-control']).toBe('private, no-store');
    const own = await callAs(
      t,
      owner,
      'GET',
      `/api/analytics/breakdown?websiteId=${siteId}&range=7d&dimension=page`,
    );
    expect(pages.json()).toEqual(own.json());
    expect(pages.json().rows.map((r: { value: string }) => r.value)).toEqual(['/', '/pricing']);
    const filtered = await open(link.token, '/dashboard?range=7d&page=%2Fnowhere');
    expect(filtered.json().totalClicks).toBe(0);
    expect((await open(link.token, '/breakdown?range=7d&dimension=nope')).statusCode).toBe(400);

    const locked = await share(owner, { password: 'client-password-3' });
    const refused = await open(locked.token, '/breakdown?range=7d&dimension=page');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('/pricing');
    const { access } = (await unlock(locked.token, 'client-password-3')).json() as { access: string };
    const opened = await open(locked.token, '/breakdown?range=7d&dimension=page', {
      'x-share-access': access,
    });
    expect(opened.statusCode).toBe(200);
    expect((await open('ocx_share_unknown', '/breakdown?range=7d&dimension=page')).statusCode).toBe(404);
  });

  it('refuses a short password when the link is made', async () => {
    const res = await callAs(t, owner, 'POST', `/api/websites/${siteId}/shares`, { password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(messages.shares.passwordLength);
  });

  it('limits password tries per client address', async () => {
    const link = await share(owner, { password: 'client-password-1' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await unlock(link.token, `guess-${i}`, '198.51.100.77')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    const limited = await unlock(link.token, 'client-password-1', '198.51.100.77');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(messages.shares.tooManyAttempts);
    // Another address still gets its tries.
    expect((await unlock(link.token, 'client-password-1', '198.51.100.78')).statusCode).toBe(200);
  });

  it('never lets another user list, make or revoke a website’s links', async () => {
    const link = await share(owner);
    for (const [method, url] of [
      ['GET', `/api/websites/${siteId}/shares`],
      ['POST', `/api/websites/${siteId}/shares`],
      ['DELETE', `/api/websites/${siteId}/shares/${link.id}`],
    ] as const) {
      const res = await callAs(t, stranger, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await open(link.token, '/dashboard')).statusCode).toBe(200);
    expect((await callAs(t, null, 'GET', `/api/websites/${siteId}/shares`)).statusCode).toBe(401);
  });

  it('stops a link once it is revoked, and answers unknown tokens alike', async () => {
    const link = await share(owner);
    const revoked = await callAs(t, owner, 'DELETE', `/api/websites/${siteId}/shares/${link.id}`);
    expect(revoked.statusCode).toBe(204);
    for (const token of [link.token, 'ocx_share_unknown', 'anything']) {
      for (const path of ['', '/dashboard']) {
        const res = await open(token, path);
        expect(res.statusCode, `${token}${path}`).toBe(404);
        expect(res.json().error).toBe(messages.shares.notFound);
      }
    }
    expect((await callAs(t, owner, 'DELETE', `/api/websites/${siteId}/shares/${link.id}`)).statusCode).toBe(
      404,
    );
  });

  it('ends every link of a website that is deleted', async () => {
    const fixture = await trackedSite(t.app);
    const res = await callAs(t, fixture.owner, 'POST', `/api/websites/${fixture.siteId}/shares`, {});
    const token = (res.json() as { url: string }).url.split('/share/')[1] ?? '';
    expect((await open(token)).statusCode).toBe(200);
    const deleted = await callAs(t, fixture.owner, 'DELETE', `/api/websites/${fixture.siteId}`);
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await open(token)).statusCode).toBe(404);
  });
});
