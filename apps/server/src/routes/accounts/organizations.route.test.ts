import { monthSpan } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { addMember, verifyEmail } from '../../test/members.fixture';
import { callAs, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';

describe.each(dialects)('organizations, members and roles on %s', (dialect) => {
  let t: TestApp;
  let alice: SignedIn;
  let viewer: SignedIn;
  let admin: SignedIn;
  let stranger: SignedIn;
  let orgId: string;
  let siteId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [alice, viewer, admin, stranger] = [
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
    ];
    orgId = (await callAs(t, alice, 'GET', '/api/organizations')).json()[0].id;
    siteId = (
      await callAs(t, alice, 'POST', '/api/websites', { name: 'Shop', rootDomain: 'shop.test' })
    ).json().id;
    for (const [user, role] of [
      [viewer, 'viewer'],
      [admin, 'admin'],
    ] as const) {
      await verifyEmail(t, user);
      await addMember(t, alice, orgId, role, user);
    }
  });
  afterAll(() => t.close());

  it('gives every account its own organization at sign-up, owned by it, on a 14-day trial', async () => {
    const [own] = (await callAs(t, stranger, 'GET', '/api/organizations')).json();
    expect(own).toMatchObject({ role: 'owner', plan: 'trial', status: 'trialing' });
  });

  it("shows a member the organization's websites beside their own", async () => {
    const orgs = (await callAs(t, viewer, 'GET', '/api/organizations')).json();
    expect(orgs.map((o: { id: string; role: string }) => o.role).sort()).toEqual(['owner', 'viewer']);
    const sites = (await callAs(t, viewer, 'GET', '/api/websites')).json();
    expect(sites.map((s: { id: string }) => s.id)).toEqual([siteId]);
    expect((await callAs(t, viewer, 'GET', `/api/websites/${siteId}`)).statusCode).toBe(200);
    const members = (await callAs(t, viewer, 'GET', `/api/organizations/${orgId}/members`)).json();
    expect(members).toEqual([
      { userId: alice.userId, email: alice.email, role: 'owner', status: 'active' },
      { userId: viewer.userId, email: viewer.email, role: 'viewer', status: 'active' },
      { userId: admin.userId, email: admin.email, role: 'admin', status: 'active' },
    ]);
  });

  it('lets a viewer read but refuses every change with 403', async () => {
    const patch = await callAs(t, viewer, 'PATCH', `/api/websites/${siteId}`, { name: 'Mine now' });
    expect(patch.statusCode).toBe(403);
    expect((await callAs(t, viewer, 'DELETE', `/api/websites/${siteId}`)).statusCode).toBe(403);
    const goal = await callAs(t, viewer, 'POST', `/api/websites/${siteId}/goals`, {
      name: 'Buy',
      type: 'pageview',
      conditions: { path: '/thanks' },
    });
    expect(goal.statusCode).toBe(403);
    const invite = await callAs(t, viewer, 'POST', `/api/organizations/${orgId}/members`, {
      email: stranger.email,
      role: 'admin',
    });
    expect(invite.statusCode).toBe(403);
    expect((await callAs(t, alice, 'GET', `/api/websites/${siteId}`)).json().name).toBe('Shop');
  });

  it('lets an admin change the websites and add members', async () => {
    const patch = await callAs(t, admin, 'PATCH', `/api/websites/${siteId}`, { name: 'Shop (admin)' });
    expect(patch.statusCode).toBe(200);
    expect((await callAs(t, alice, 'GET', `/api/websites/${siteId}`)).json().name).toBe('Shop (admin)');
  });

  it('tells a non-member nothing: 404 for the website, the organization and its members', async () => {
    expect((await callAs(t, stranger, 'GET', `/api/websites/${siteId}`)).statusCode).toBe(404);
    expect((await callAs(t, stranger, 'PATCH', `/api/websites/${siteId}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await callAs(t, stranger, 'GET', `/api/organizations/${orgId}/members`)).statusCode).toBe(404);
    expect(
      (await callAs(t, stranger, 'GET', `/api/billing/overview?organizationId=${orgId}`)).statusCode,
    ).toBe(404);
    const invite = await callAs(t, stranger, 'POST', `/api/organizations/${orgId}/members`, {
      email: stranger.email,
      role: 'admin',
    });
    expect(invite.statusCode).toBe(404);
    expect((await callAs(t, stranger, 'GET', '/api/websites')).json()).toEqual([]);
  });

  it('counts this calendar month’s events of every website of the organization from the rollup', async () => {
    const { from } = monthSpan(Date.now());
    await t.events.commit([
      ingestEvent({ websiteId: siteId, ts: from - 1, eventId: 'last-month' }),
      ingestEvent({ websiteId: siteId, ts: from, eventId: 'first-of-month', type: 'click' }),
      ingestEvent({ websiteId: siteId, ts: from + 1000, eventId: 'pageview-this-month' }),
    ]);
    await t.events.settle();
    const overview = (await callAs(t, viewer, 'GET', `/api/billing/overview?organizationId=${orgId}`)).json();
    expect(overview).toMatchObject({
      billingEnabled: false,
      limitSource: 'unlimited',
      showTrialBanner: false,
      usage: { events: 2, eventsLimit: null, websites: 1, websitesLimit: null, overQuota: false },
    });
  });
});

describe.each(dialects)('plan limits with billing configured on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      billing: { secretKey: 'sk_test_limits', webhookSecret: 'whsec_limits', apiUrl: 'http://127.0.0.1:9' },
    });
  });
  afterAll(() => t.close());

  it('refuses a trial account its second website with a message that says what to do', async () => {
    const owner = await signUp(t.app);
    const first = await callAs(t, owner, 'POST', '/api/websites', { name: 'One', rootDomain: 'one.test' });
    expect(first.statusCode).toBe(201);
    const second = await callAs(t, owner, 'POST', '/api/websites', { name: 'Two', rootDomain: 'two.test' });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe(
      'The trial allows 1 website. Upgrade your plan on the Billing page to add more.',
    );
    expect((await callAs(t, owner, 'GET', '/api/websites')).json()).toHaveLength(1);
  });

  it('still stores events past the quota and flags the organization as over it', async () => {
    const owner = await signUp(t.app);
    const orgId = (await callAs(t, owner, 'GET', '/api/organizations')).json()[0].id;
    const siteId = (
      await callAs(t, owner, 'POST', '/api/websites', { name: 'Busy', rootDomain: 'busy.test' })
    ).json().id;
    const { from } = monthSpan(Date.now());
    const events = Array.from({ length: 100_001 }, (_, i) =>
      ingestEvent({ websiteId: siteId, ts: from + (i % 1000), eventId: `busy-${i}`, visitorId: 'v' }),
    );
    for (let i = 0; i < events.length; i += 5000) await t.events.commit(events.slice(i, i + 5000));
    await t.events.settle();
    const overview = (await callAs(t, owner, 'GET', `/api/billing/overview?organizationId=${orgId}`)).json();
    expect(overview.usage).toMatchObject({ events: 100_001, eventsLimit: 100_000, overQuota: true });
    expect(overview.limitSource).toBe('trial');
  }, 120_000);
});
