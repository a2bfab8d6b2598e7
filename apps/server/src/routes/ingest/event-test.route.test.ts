import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createSiteFixture, dialects, type SignedIn, type TestApp } from '../../test/test-app';
import { CHROME_UA } from '../../test/tracked-site.fixture';

describe.each(dialects)('event test API on %s', (dialect) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let siteId: string;
  beforeAll(async () => {
    ({ t, alice, bob, siteId } = await createSiteFixture(dialect));
  });
  afterAll(() => t.close());

  function call(user: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: object) {
    return t.app.inject({
      method,
      url,
      headers: { ...as(user), 'user-agent': CHROME_UA },
      ...(payload ? { payload } : {}),
    });
  }

  it('sends a test event through the pipeline and lists it among the recent events', async () => {
    const sent = await call(alice, 'POST', `/api/websites/${siteId}/test-event`);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ accepted: 1, dropped: [] });
    const events = (await call(alice, 'GET', `/api/websites/${siteId}/events`)).json();
    expect(events[0]).toMatchObject({
      type: 'custom',
      name: 'ocx_test_event',
      url: 'https://shop.test/ocx-event-test',
      browser: 'Chrome',
    });
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
