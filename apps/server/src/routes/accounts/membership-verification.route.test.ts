import { MEMBERSHIP_MESSAGES } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/database';
import { ownOrganization, verifyEmail } from '../../test/members.fixture';
import { callAs, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';

describe.each(dialects)('a membership counts only with a verified address on %s', (dialect) => {
  let t: TestApp;
  let database: Database;
  let owner: SignedIn;
  let orgId: string;
  let siteId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { authRateLimit: 100 });
    database = openDatabase(t.config.database);
    owner = await signUp(t.app);
    orgId = await ownOrganization(t, owner);
    siteId = (
      await callAs(t, owner, 'POST', '/api/websites', { name: 'Shop', rootDomain: 'shop.test' })
    ).json().id;
  });
  afterAll(async () => {
    await database.destroy();
    await t.close();
  });

  /** A fresh unverified account made a member by a row, as a database from before invitations has them. */
  async function oldMember(role: 'owner' | 'admin' | 'viewer'): Promise<SignedIn> {
    const user = await signUp(t.app);
    await database.db
      .insertInto('organization_member')
      .values({ organization_id: orgId, user_id: user.userId, role, created_at: new Date().toISOString() })
      .execute();
    return user;
  }
  const members = async () =>
    (await callAs(t, owner, 'GET', `/api/organizations/${orgId}/members`)).json() as {
      userId: string;
      status: string;
    }[];
  const statusOf = async (user: SignedIn) => (await members()).find((m) => m.userId === user.userId)?.status;

  it('suspends an unverified member: nothing of the organization is found, and the list says they wait', async () => {
    const admin = await oldMember('admin');
    for (const url of [
      `/api/websites/${siteId}`,
      `/api/organizations/${orgId}/members`,
      `/api/organizations/${orgId}/invitations`,
      `/api/billing/overview?organizationId=${orgId}`,
    ])
      expect((await callAs(t, admin, 'GET', url)).statusCode, url).toBe(404);
    expect((await callAs(t, admin, 'PATCH', `/api/websites/${siteId}`, { name: 'Taken' })).statusCode).toBe(
      404,
    );
    expect((await callAs(t, admin, 'GET', '/api/websites')).json()).toEqual([]);
    const orgs = (await callAs(t, admin, 'GET', '/api/organizations')).json();
    expect(orgs.map((o: { id: string }) => o.id)).not.toContain(orgId);
    expect(await statusOf(admin)).toBe('waiting_for_verification');
    expect(await statusOf(owner)).toBe('active');

    await verifyEmail(t, admin);
    expect((await callAs(t, admin, 'GET', `/api/websites/${siteId}`)).statusCode).toBe(200);
    expect(await statusOf(admin)).toBe('active');
  });

  it('lets an unverified user use the organization they founded at sign-up', async () => {
    const founder = await signUp(t.app);
    const own = (await callAs(t, founder, 'GET', '/api/organizations')).json();
    expect(own).toMatchObject([{ role: 'owner' }]);
    const site = await callAs(t, founder, 'POST', '/api/websites', { name: 'Mine', rootDomain: 'mine.test' });
    expect(site.statusCode).toBe(201);
    expect((await callAs(t, founder, 'GET', `/api/websites/${site.json().id}`)).statusCode).toBe(200);
    const list = (await callAs(t, founder, 'GET', `/api/organizations/${own[0].id}/members`)).json();
    expect(list).toEqual([{ userId: founder.userId, email: founder.email, role: 'owner', status: 'active' }]);
    // Its own organization is no key to anyone else's.
    expect((await callAs(t, founder, 'GET', `/api/websites/${siteId}`)).statusCode).toBe(404);
  });

  it('never counts a suspended owner toward the last-owner rule, and lets an owner remove one', async () => {
    const suspended = await oldMember('owner');
    const left = await callAs(t, owner, 'POST', `/api/organizations/${orgId}/leave`);
    expect(left.statusCode).toBe(400);
    expect(left.json().error).toBe(MEMBERSHIP_MESSAGES.lastOwnerLeaves);
    const demoted = await callAs(t, owner, 'PATCH', `/api/organizations/${orgId}/members/${owner.userId}`, {
      role: 'admin',
    });
    expect(demoted.statusCode).toBe(400);
    expect(
      (await callAs(t, owner, 'DELETE', `/api/organizations/${orgId}/members/${suspended.userId}`))
        .statusCode,
    ).toBe(204);
    expect(await statusOf(suspended)).toBeUndefined();
  });
});
