import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type SignedIn, signUp, stores, type TestApp } from '../../test/test-app';
import { collectEvents, type TrackedSite, trackedSite, trackerId } from '../../test/tracked-site.fixture';

describe.each(stores)("a visitor's rights: find, export, erase on %s", (dialect) => {
  let t: TestApp;
  let site: TrackedSite;
  let other: TrackedSite;
  let stranger: SignedIn;
  let key: string;
  let otherKey: string;
  const A = trackerId('visitor-a');
  const B = trackerId('visitor-b');

  const call = (
    user: SignedIn | null,
    method: 'GET' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, headers: { ...as(user), ...headers } });
  const keyFor = async (s: TrackedSite) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/websites/${s.siteId}/api-keys`,
        headers: as(s.owner),
        payload: { name: 'backend' },
      })
    ).json().key as string;
  const visit = (s: TrackedSite, visitorId: string, userId: string) =>
    collectEvents(t.app, s.siteId, [
      {
        type: 'pageview',
        url: `https://shop.test/spring?ocxid=${s.campaign.ocxid}`,
        visitorId,
        sessionId: `${visitorId}-s`,
        eventId: trackerId('pv'),
      },
      {
        type: 'identify',
        userId,
        url: 'https://shop.test/login',
        visitorId,
        sessionId: `${visitorId}-s`,
        eventId: trackerId('id'),
      },
      {
        type: 'custom',
        name: 'purchase',
        value: 10,
        currency: 'USD',
        props: { plan: 'pro' },
        url: 'https://shop.test/pay',
        visitorId,
        sessionId: `${visitorId}-s`,
        eventId: trackerId('buy'),
      },
    ]);
  const order = (k: string, visitorId: string, dedupeKey: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/conversions',
      headers: { authorization: `Bearer ${k}` },
      payload: { goal: 'Purchase', value: 25, currency: 'USD', visitorId, dedupeKey },
    });
  const metrics = async (s: TrackedSite) => {
    // With ClickHouse the campaign figures read its copies: the background pass brings them up to date.
    await t.app.services.background.settle();
    return (await call(s.owner, 'GET', `/api/websites/${s.siteId}/campaigns/${s.campaign.id}`)).json()
      .metrics;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    site = await trackedSite(t.app);
    other = await trackedSite(t.app);
    stranger = await signUp(t.app);
    key = await keyFor(site);
    otherKey = await keyFor(other);
    await visit(site, A, 'user-42');
    await visit(site, B, 'user-7');
    await visit(other, A, 'user-42');
    expect((await order(key, A, 'order-1')).statusCode).toBe(201);
    await t.app.services.background.settle();
  });
  afterAll(() => t.close());

  it('finds the visitor by visitor id, user id and order id, with the counts of what is stored', async () => {
    for (const query of [`visitorId=${A}`, 'userId=user-42', 'orderId=order-1']) {
      const found = (await call(site.owner, 'GET', `/api/websites/${site.siteId}/visitors?${query}`)).json();
      expect(found.visitors, query).toEqual([
        {
          visitorId: A,
          events: 3,
          clicks: 1,
          conversions: 2,
          credits: expect.any(Number),
          identities: 1,
          postbackDeliveries: 0,
        },
      ]);
      expect(found.visitors[0].credits).toBeGreaterThanOrEqual(2);
    }
    expect(
      (await call(site.owner, 'GET', `/api/websites/${site.siteId}/visitors?userId=nobody`)).json(),
    ).toEqual({
      visitors: [],
    });
    expect((await call(site.owner, 'GET', `/api/websites/${site.siteId}/visitors`)).statusCode).toBe(400);
  });

  it('exports every row of the visitor and nothing of another visitor or website', async () => {
    const res = await call(site.owner, 'GET', `/api/websites/${site.siteId}/visitors/${A}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = res.json();
    expect(data).toMatchObject({ websiteId: site.siteId, visitorId: A });
    expect(data.events).toHaveLength(3);
    expect(data.clicks).toHaveLength(1);
    expect(data.conversions).toHaveLength(2);
    expect(data.identities).toEqual([expect.objectContaining({ user_id: 'user-42' })]);
    const rows = [...data.events, ...data.clicks, ...data.conversions, ...data.identities];
    expect(
      rows.every(
        (r: { website_id: string; visitor_id: string }) => r.website_id === site.siteId && r.visitor_id === A,
      ),
    ).toBe(true);
    const conversionIds = new Set(data.conversions.map((c: { id: string }) => c.id));
    expect(data.credits.every((c: { conversion_id: string }) => conversionIds.has(c.conversion_id))).toBe(
      true,
    );
  });

  it('answers another user 404 and refuses another website’s key and no credentials', async () => {
    expect(
      (await call(stranger, 'GET', `/api/websites/${site.siteId}/visitors/${A}/export`)).statusCode,
    ).toBe(404);
    expect(
      (await call(stranger, 'GET', `/api/websites/${site.siteId}/visitors?visitorId=${A}`)).statusCode,
    ).toBe(404);
    expect((await call(stranger, 'GET', `/api/websites/${site.siteId}/visitor-erasures`)).statusCode).toBe(
      404,
    );
    expect((await call(stranger, 'DELETE', `/api/websites/${site.siteId}/visitors/${A}`)).statusCode).toBe(
      404,
    );
    const foreignKey = await call(null, 'DELETE', `/api/websites/${site.siteId}/visitors/${A}`, {
      authorization: `Bearer ${otherKey}`,
    });
    expect(foreignKey.statusCode).toBe(404);
    expect((await call(null, 'DELETE', `/api/websites/${site.siteId}/visitors/${A}`)).statusCode).toBe(401);
    expect(
      (
        await call(null, 'DELETE', `/api/websites/${site.siteId}/visitors/${A}`, {
          authorization: 'Bearer nope',
        })
      ).statusCode,
    ).toBe(401);
    const cross = await call(site.owner, 'DELETE', `/api/websites/${site.siteId}/visitors/${A}`, {
      origin: 'https://evil.test',
    });
    expect(cross.statusCode).toBe(403);
    expect(
      (await call(site.owner, 'GET', `/api/websites/${site.siteId}/visitors/${A}/export`)).json().events,
    ).toHaveLength(3);
  });

  it('erases with the website API key: the rows, credits and metrics go, the log keeps who and how many', async () => {
    const before = await metrics(site);
    const res = await call(null, 'DELETE', `/api/websites/${site.siteId}/visitors/${A}`, {
      authorization: `Bearer ${key}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted).toMatchObject({ events: 3, clicks: 1, conversions: 2, identities: 1 });

    const after = (await call(site.owner, 'GET', `/api/websites/${site.siteId}/visitors/${A}/export`)).json();
    expect([
      ...after.events,
      ...after.clicks,
      ...after.conversions,
      ...after.credits,
      ...after.identities,
    ]).toEqual([]);
    expect((await metrics(site)).clicks).toBe(before.clicks - 1);
    expect((await metrics(site)).conversions).toBeLessThan(before.conversions);
    // The breakdown rollups forget the visitor too (issue 27): their visitors, converting visitors and
    // pageviews equal the raw events', as do the goals and properties read through indexes.
    for (const dimension of ['page', 'country', 'goal', 'prop:plan'] as const) {
      const rolled = (
        await call(
          site.owner,
          'GET',
          `/api/analytics/breakdown?websiteId=${site.siteId}&range=all&dimension=${dimension}`,
        )
      ).json();
      const raw = await t.app.services.breakdowns.forWebsite(
        { id: site.siteId, timezone: 'UTC', rollup_rebuilt_until: 0 },
        { range: 'all', dimension, filters: {}, limit: 100, offset: 0 },
      );
      expect(rolled, dimension).toEqual(raw);
      expect(raw.visitors, dimension).toBe(1);
    }
    // Visitor B on this website and A on the other website are untouched.
    const b = (await call(site.owner, 'GET', `/api/websites/${site.siteId}/visitors/${B}/export`)).json();
    expect(b.events).toHaveLength(3);
    const elsewhere = (
      await call(other.owner, 'GET', `/api/websites/${other.siteId}/visitors/${A}/export`)
    ).json();
    expect(elsewhere.events).toHaveLength(3);

    const log = (await call(site.owner, 'GET', `/api/websites/${site.siteId}/visitor-erasures`)).json();
    expect(log).toEqual([
      {
        id: expect.any(String),
        erasedBy: 'api-key',
        erasedByEmail: null,
        erasedAt: expect.any(String),
        visitorRef: `${A.slice(0, 4)}…`,
        foundBy: 'visitorId',
        counts: res.json().deleted,
      },
    ]);
    expect(JSON.stringify(log)).not.toContain(A);
  });

  it('erases with a session of a member who may write, and logs the user', async () => {
    const res = await call(
      site.owner,
      'DELETE',
      `/api/websites/${site.siteId}/visitors/${B}?foundBy=userId`,
      { origin: 'http://localhost:3000' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted.events).toBe(3);
    const log = (await call(site.owner, 'GET', `/api/websites/${site.siteId}/visitor-erasures`)).json();
    expect(log.map((e: { erasedBy: string }) => e.erasedBy).sort()).toEqual([
      'api-key',
      `user:${site.owner.userId}`,
    ]);
    expect(log.find((e: { foundBy: string }) => e.foundBy === 'userId')).toMatchObject({
      erasedByEmail: site.owner.email,
      visitorRef: `${B.slice(0, 4)}…`,
    });
    const bad = await call(site.owner, 'DELETE', `/api/websites/${site.siteId}/visitors/${B}?foundBy=ip`, {
      origin: 'http://localhost:3000',
    });
    expect(bad.statusCode).toBe(400);
  });
});
