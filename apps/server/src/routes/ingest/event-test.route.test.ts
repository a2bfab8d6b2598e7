import { messages } from '@ocx/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createSiteFixture, type SignedIn, stores, type TestApp } from '../../test/test-app';
import { CHROME_UA, collectEvents, pageview } from '../../test/tracked-site.fixture';

const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(stores)('event test API on %s', (dialect) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let siteId: string;
  beforeAll(async () => {
    ({ t, alice, bob, siteId } = await createSiteFixture(dialect));
  });
  afterAll(() => t.close());

  function call(
    user: SignedIn | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    ua = CHROME_UA,
  ) {
    return t.app.inject({
      method,
      url,
      headers: { ...as(user), 'user-agent': ua },
      ...(payload ? { payload } : {}),
    });
  }
  const recent = async () => (await call(alice, 'GET', `/api/websites/${siteId}/events`)).json();

  it('runs a test event through the pipeline and lists it, marked as a test', async () => {
    const sent = await call(alice, 'POST', `/api/websites/${siteId}/test-event`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ stored: true, reason: null, message: messages.eventTest.stored });
    expect((await recent())[0]).toMatchObject({
      type: 'custom',
      name: 'ocx_test_event',
      url: 'https://shop.test/ocx-event-test',
      browser: 'Chrome',
      test: true,
    });
  });

  it('says at once why a test event from a bot would be dropped, and lists nothing new', async () => {
    const before = await recent();
    const sent = await call(alice, 'POST', `/api/websites/${siteId}/test-event`, undefined, BOT_UA);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      stored: false,
      reason: 'bot',
      message: messages.eventTest.droppedBot(BOT_UA),
    });
    expect(await recent()).toEqual(before);
  });

  it('counts test events in no figure: dashboard, pages, clicks, conversions', async () => {
    const headers = as(alice);
    // A goal the test event matches: collect would make a conversion of it.
    await t.app.inject({
      method: 'POST',
      url: `/api/websites/${siteId}/goals`,
      headers,
      payload: { name: 'Test goal', type: 'event', conditions: { event: 'ocx_test_event' } },
    });
    const visit = (n: string) => pageview({ visitorId: `visitor${n}`, sessionId: `session${n}` });
    expect((await collectEvents(t.app, siteId, [visit('1001')])).json()).toEqual({
      accepted: 1,
      dropped: [],
    });
    expect((await call(alice, 'POST', `/api/websites/${siteId}/test-event`)).json().stored).toBe(true);
    // Derived in order: once this later visit counts, the test event before it would have too.
    expect((await collectEvents(t.app, siteId, [visit('1002')])).json()).toEqual({
      accepted: 1,
      dropped: [],
    });
    await t.events.settle();

    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers })).json();
    const dashboard = await get(`/api/analytics/dashboard?websiteId=${siteId}&range=1d`);
    expect(dashboard).toMatchObject({ totalClicks: 2, uniqueVisitors: 2, pagesVisited: 1, conversions: 0 });
    expect(dashboard.topPages.map((p: { url: string }) => p.url)).toEqual(['https://shop.test/']);
    const pages = await get(`/api/analytics/breakdown?websiteId=${siteId}&range=1d&dimension=page`);
    expect(pages.rows.map((r: { value: string }) => r.value)).toEqual(['/']);
    // On ClickHouse the Clicks Log reads copies made in the background: wait for the later visit's.
    type Click = { landing_page: string; visitor_id: string };
    let clicks: Click[] = [];
    await vi.waitFor(
      async () => {
        clicks = await get(`/api/clicks?websiteId=${siteId}`);
        expect(clicks.map((c) => c.visitor_id)).toContain('visitor1002');
      },
      { timeout: 20_000 },
    );
    expect(clicks.map((c) => c.landing_page)).not.toContain('https://shop.test/ocx-event-test');
    expect(clicks).toHaveLength(2);
    expect(await get(`/api/conversions?websiteId=${siteId}`)).toEqual([]);
    // The Event Test still shows both kinds.
    expect((await recent()).map((e: { test: boolean }) => e.test)).toContain(true);
  });

  it('asks for a domain first', async () => {
    const draft = (await call(alice, 'POST', '/api/websites', { name: 'Draft' })).json();
    const res = await call(alice, 'POST', `/api/websites/${draft.id}/test-event`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Please configure website domain first' });
  });

  it('answers 401 without a session and 404 for another user’s website', async () => {
    for (const [method, url] of [
      ['POST', `/api/websites/${siteId}/test-event`],
      ['GET', `/api/websites/${siteId}/events`],
    ] as const) {
      expect((await call(null, method, url)).statusCode).toBe(401);
      const foreign = await call(bob, method, url);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ error: 'Website not found' });
    }
  });
});
