import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';
import { collectEvents, pageview, trackedSite, trackerId } from '../../test/tracked-site.fixture';

describe.each(dialects)('server-to-server conversions, API keys and postbacks on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let siteId: string;
  let campaign: { id: string; ocxid: string };
  let receiver: Server;
  let receiverUrl: string;
  const hits: string[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(hits.length <= 1 ? 503 : 200).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    t = await createTestApp(dialect);
    const site = await trackedSite(t.app);
    ({ owner, siteId, campaign } = site);
    stranger = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    receiver.close();
  });

  const call = (
    user: SignedIn | null,
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });
  const s2s = (key: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/conversions',
      headers: { authorization: `Bearer ${key}` },
      payload,
    });
  const newKey = async () =>
    (await call(owner, 'POST', `/api/websites/${siteId}/api-keys`, { name: 'Shop backend' })).json();

  it('creates a key shown once, lists it without the secret, and revokes it', async () => {
    const created = await newKey();
    expect(created.key).toMatch(/^ocx_[A-Za-z0-9_-]{32}$/);
    const list = (await call(owner, 'GET', `/api/websites/${siteId}/api-keys`)).json();
    expect(list.find((k: { id: string }) => k.id === created.id)).toEqual({
      id: created.id,
      name: 'Shop backend',
      prefix: created.key.slice(0, 12),
      createdAt: created.createdAt,
      lastUsedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(created.key);
    expect((await call(owner, 'DELETE', `/api/websites/${siteId}/api-keys/${created.id}`)).statusCode).toBe(
      204,
    );
    expect(
      (await call(owner, 'GET', `/api/websites/${siteId}/api-keys`))
        .json()
        .some((k: { id: string }) => k.id === created.id),
    ).toBe(false);
  });

  it('refuses a missing, wrong or revoked key', async () => {
    const body = { goal: 'Purchase', ocxid: campaign.ocxid };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/conversions', payload: body })).statusCode,
    ).toBe(401);
    expect((await s2s('ocx_not-a-real-key-000000000000000000', body)).json()).toEqual({
      error: 'Invalid API key',
    });
    const { key, id } = await newKey();
    expect((await s2s(key, body)).statusCode).toBe(201);
    await call(owner, 'DELETE', `/api/websites/${siteId}/api-keys/${id}`);
    expect((await s2s(key, body)).statusCode).toBe(401);
  });

  it('checks the key before the body: a bad body without a valid key learns only that the key is wrong', async () => {
    for (const payload of [{}, { goal: 'Lead' }, { goal: 7, ocxid: 'x', currency: 'EURO' }]) {
      const res = await s2s('ocx_not-a-real-key-000000000000000000', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid API key' });
    }
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/conversions',
      payload: { nonsense: true },
    });
    expect(noKey.statusCode).toBe(401);
  });

  it('dates a conversion by its ts only within the last 7 days and 5 minutes ahead, like collect', async () => {
    const { key } = await newKey();
    const now = Date.now();
    const at = async (ts: number) =>
      Date.parse((await s2s(key, { goal: 'Lead', ocxid: campaign.ocxid, ts })).json().created_at);
    expect(await at(now - 3 * 86_400_000)).toBe(now - 3 * 86_400_000);
    for (const ts of [now - 30 * 86_400_000, 0, now + 60 * 60_000]) {
      const stored = await at(ts);
      expect(Math.abs(stored - Date.now()), String(ts)).toBeLessThan(60_000);
    }
  });

  it('validates the body with clear errors', async () => {
    const { key } = await newKey();
    expect((await s2s(key, { ocxid: campaign.ocxid })).json()).toEqual({ error: 'goal is required' });
    expect((await s2s(key, { goal: 'Lead' })).json()).toEqual({
      error: 'one of visitorId, clickId or ocxid is required',
    });
    expect((await s2s(key, { goal: 'Lead', ocxid: 'x', currency: 'EURO' })).json()).toEqual({
      error: 'currency must be a 3-letter code',
    });
  });

  it('records one conversion for a dedupeKey sent five times, also concurrently, and credits the named campaign', async () => {
    const { key } = await newKey();
    const body = {
      goal: 'Purchase',
      value: 80,
      currency: 'eur',
      ocxid: campaign.ocxid,
      dedupeKey: `order-${trackerId('o')}`,
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => s2s(key, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const again = await s2s(key, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      goal_name: 'Purchase',
      value: 80,
      currency: 'EUR',
      conversion_type: 'revenue',
      source: 'api',
      campaign_id: campaign.id,
    });
    const list = (await call(owner, 'GET', `/api/conversions?websiteId=${siteId}`)).json();
    expect(list.filter((c: { id: string }) => c.id === again.json().id)).toHaveLength(1);
    await t.app.services.background.settle();
    const path = (
      await call(owner, 'GET', `/api/conversions/${again.json().id}/path?websiteId=${siteId}`)
    ).json();
    expect(path.touchpoints).toEqual([]);
  });

  it('reports a path as pending until its credits exist, and 404 for a conversion that does not', async () => {
    const { key } = await newKey();
    await t.app.services.background.stop();
    let id: string;
    try {
      id = (await s2s(key, { goal: 'Lead', ocxid: campaign.ocxid })).json().id;
      const pending = (await call(owner, 'GET', `/api/conversions/${id}/path?websiteId=${siteId}`)).json();
      expect(pending).toEqual({
        conversionId: id,
        pending: true,
        touchpoints: [],
        creditedTo: null,
        failed: false,
        issue: null,
      });
    } finally {
      t.app.services.background.start();
    }
    await t.app.services.background.settle();
    expect((await call(owner, 'GET', `/api/conversions/${id}/path?websiteId=${siteId}`)).json().pending).toBe(
      false,
    );
    const missing = await call(owner, 'GET', `/api/conversions/no-such-id/path?websiteId=${siteId}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Conversion not found' });
  });

  it('ties a conversion by visitor id to the visitor’s session and its touchpoints', async () => {
    const { key } = await newKey();
    const visitorId = trackerId('buyer');
    await collectEvents(t.app, siteId, [
      pageview({
        visitorId,
        sessionId: visitorId,
        url: `https://shop.test/?ocxid=${campaign.ocxid}&gclid=Gc1-a_2`,
      }),
    ]);
    const res = await s2s(key, { goal: 'Signup', visitorId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      campaign_id: campaign.id,
      visitor_id: visitorId,
      conversion_type: 'lead',
    });
    const byClick = await s2s(key, { goal: 'Signup', clickId: 'Gc1-a_2' });
    expect(byClick.json()).toMatchObject({ campaign_id: campaign.id, visitor_id: visitorId });
  });

  it('delivers the postback with its macros, retrying after a failure, once per conversion', async () => {
    // Conversions recorded before the postback URL existed are followed up first.
    await t.app.services.background.settle();
    const template = `${receiverUrl}/pb?o={ocxid}&g={gclid}&goal={goal}&v={value}&c={currency}&id={conversion_id}`;
    expect(
      (await call(owner, 'PATCH', `/api/websites/${siteId}`, { postbackUrl: template })).statusCode,
    ).toBe(200);
    const { key } = await newKey();
    const visitorId = trackerId('pb');
    await collectEvents(t.app, siteId, [
      pageview({
        visitorId,
        sessionId: visitorId,
        url: `https://shop.test/?ocxid=${campaign.ocxid}&gclid=G-post_1`,
      }),
    ]);
    const conversion = (await s2s(key, { goal: 'Big order', value: 12.5, visitorId })).json();
    await t.app.services.background.settle();
    // The receiver answers 503 first; the retry comes after the (test) backoff of 50 ms.
    for (let i = 0; i < 40 && hits.length < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await t.app.services.postbacks.deliverDue();
    }
    expect(hits).toEqual([
      `/pb?o=${campaign.ocxid}&g=G-post_1&goal=Big%20order&v=12.5&c=USD&id=${conversion.id}`,
      `/pb?o=${campaign.ocxid}&g=G-post_1&goal=Big%20order&v=12.5&c=USD&id=${conversion.id}`,
    ]);
    const log = (await call(owner, 'GET', `/api/websites/${siteId}/postbacks`)).json();
    expect(log[0]).toMatchObject({
      conversionId: conversion.id,
      status: 'delivered',
      attempts: 2,
      lastStatus: 200,
    });
    await t.app.services.postbacks.deliverDue();
    expect(hits).toHaveLength(2);
    await call(owner, 'PATCH', `/api/websites/${siteId}`, { postbackUrl: null });
  });

  it('refuses a postback URL into a private network unless the operator allows it', async () => {
    // The delivery test above saved a 127.0.0.1 receiver: this app allows private networks.
    const guarded = await createTestApp(dialect, { postbackAllowPrivate: false });
    try {
      const site = await trackedSite(guarded.app);
      const res = await guarded.app.inject({
        method: 'PATCH',
        url: `/api/websites/${site.siteId}`,
        headers: as(site.owner),
        payload: { postbackUrl: `${receiverUrl}/guarded?id={conversion_id}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'Please enter a postback URL on a public address: 127.0.0.1 is a loopback address',
        field: 'postbackUrl',
      });
      expect(hits.some((h) => h.startsWith('/guarded'))).toBe(false);
    } finally {
      await guarded.close();
    }
  });

  it('answers 401 without a session and 404 for another user on keys and postbacks', async () => {
    const { id } = await newKey();
    for (const [method, url, body] of [
      ['GET', `/api/websites/${siteId}/api-keys`],
      ['POST', `/api/websites/${siteId}/api-keys`, { name: 'Stolen' }],
      ['DELETE', `/api/websites/${siteId}/api-keys/${id}`],
      ['GET', `/api/websites/${siteId}/postbacks`],
    ] as const) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      const res = await call(stranger, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await call(owner, 'GET', `/api/websites/${siteId}/api-keys`))
        .json()
        .some((k: { id: string }) => k.id === id),
    ).toBe(true);
  });
});
