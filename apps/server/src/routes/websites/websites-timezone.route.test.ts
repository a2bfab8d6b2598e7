import { messages } from '@ocx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';

describe.each(dialects)("a website's time zone on %s", (dialect) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const call = (user: SignedIn, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });

  it('is UTC when the creator names none, so scripts keep the numbers they had', async () => {
    const res = await call(alice, 'POST', '/api/websites', { name: 'Shop', rootDomain: 'shop.test' });
    expect(res.statusCode).toBe(201);
    expect(res.json().timezone).toBe('UTC');
  });

  it('keeps the zone given at creation, spelled as the time-zone database spells it', async () => {
    const res = await call(alice, 'POST', '/api/websites', { name: 'Nepal', timezone: 'Asia/Kathmandu' });
    expect(res.json().timezone).toBe('Asia/Kathmandu');
    const lower = await call(alice, 'POST', '/api/websites', { name: 'Berlin', timezone: 'europe/berlin' });
    expect(lower.json().timezone).toBe('Europe/Berlin');
  });

  it('changes through PATCH and refuses an unknown zone with a 400 that names it, changing nothing', async () => {
    const site = (await call(alice, 'POST', '/api/websites', { name: 'Shop', rootDomain: 'la.test' })).json();
    const changed = await call(alice, 'PATCH', `/api/websites/${site.id}`, {
      timezone: 'America/Los_Angeles',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().timezone).toBe('America/Los_Angeles');

    const bad = await call(alice, 'PATCH', `/api/websites/${site.id}`, {
      name: 'Renamed',
      timezone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: messages.config.unknownTimezone('Mars/Olympus'), field: 'timezone' });
    const after = (await call(alice, 'GET', `/api/websites/${site.id}`)).json();
    expect(after).toMatchObject({ name: 'Shop', timezone: 'America/Los_Angeles' });

    const offset = await call(alice, 'POST', '/api/websites', { name: 'Offset', timezone: '+05:30' });
    expect(offset.statusCode).toBe(400);
  });

  it("never lets another user read or change a website's zone", async () => {
    const site = (
      await call(alice, 'POST', '/api/websites', { name: 'Mine', timezone: 'Asia/Kolkata' })
    ).json();
    const res = await call(bob, 'PATCH', `/api/websites/${site.id}`, { timezone: 'UTC' });
    expect(res.statusCode).toBe(404);
    expect((await call(alice, 'GET', `/api/websites/${site.id}`)).json().timezone).toBe('Asia/Kolkata');
  });
});
