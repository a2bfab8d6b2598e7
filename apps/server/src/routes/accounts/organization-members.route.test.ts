import { MEMBERSHIP_MESSAGES } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../test/members.fixture';
import { callAs, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';

describe.each(dialects)('changing, removing and leaving members on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let orgId: string;
  let siteId: string;
  beforeAll(async () => {
    // Each test signs up its own members: more than the default ten sign-ups a minute.
    t = await createTestApp(dialect, { authRateLimit: 100 });
    [owner, stranger] = [await signUp(t.app), await signUp(t.app)];
    orgId = (await callAs(t, owner, 'GET', '/api/organizations')).json()[0].id;
    siteId = (
      await callAs(t, owner, 'POST', '/api/websites', { name: 'Shop', rootDomain: 'shop.test' })
    ).json().id;
  });
  afterAll(() => t.close());

  /** A fresh verified account that accepted an invitation to the owner's organization as `role`. */
  const member = (role: 'admin' | 'viewer') => addMember(t, owner, orgId, role);
  const roleOf = async (user: SignedIn) =>
    (await callAs(t, owner, 'GET', `/api/organizations/${orgId}/members`))
      .json()
      .find((m: { userId: string }) => m.userId === user.userId)?.role;
  const membersUrl = (user: SignedIn) => `/api/organizations/${orgId}/members/${user.userId}`;

  it('lets the owner make a viewer an admin and back, and an admin change a viewer', async () => {
    const viewer = await member('viewer');
    const admin = await member('admin');
    const promoted = await callAs(t, owner, 'PATCH', membersUrl(viewer), { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toEqual({
      userId: viewer.userId,
      email: viewer.email,
      role: 'admin',
      status: 'active',
    });
    expect(await roleOf(viewer)).toBe('admin');
    expect((await callAs(t, admin, 'PATCH', membersUrl(viewer), { role: 'viewer' })).statusCode).toBe(200);
    expect(await roleOf(viewer)).toBe('viewer');
    // Now a viewer again: the website can be read but not changed.
    expect((await callAs(t, viewer, 'PATCH', `/api/websites/${siteId}`, { name: 'x' })).statusCode).toBe(403);
  });

  it('lets an admin remove a member, who then sees nothing of the organization', async () => {
    const admin = await member('admin');
    const viewer = await member('viewer');
    expect((await callAs(t, admin, 'DELETE', membersUrl(viewer))).statusCode).toBe(204);
    expect(await roleOf(viewer)).toBeUndefined();
    expect((await callAs(t, viewer, 'GET', `/api/websites/${siteId}`)).statusCode).toBe(404);
    expect((await callAs(t, viewer, 'GET', `/api/organizations/${orgId}/members`)).statusCode).toBe(404);
  });

  it('lets a member leave, after which the organization is gone from their list', async () => {
    const viewer = await member('viewer');
    expect((await callAs(t, viewer, 'POST', `/api/organizations/${orgId}/leave`)).statusCode).toBe(204);
    const orgs = (await callAs(t, viewer, 'GET', '/api/organizations')).json();
    expect(orgs.map((o: { id: string }) => o.id)).not.toContain(orgId);
    expect((await callAs(t, viewer, 'GET', '/api/websites')).json()).toEqual([]);
  });

  it('lets an owner make an admin an owner, who may then do what owners do; an admin may not make owners', async () => {
    const admin = await member('admin');
    const other = await member('admin');
    const byAdmin = await callAs(t, other, 'PATCH', membersUrl(admin), { role: 'owner' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error).toBe(MEMBERSHIP_MESSAGES.ownerOnly);
    expect((await callAs(t, other, 'PATCH', membersUrl(other), { role: 'owner' })).statusCode).toBe(403);
    expect(await roleOf(admin)).toBe('admin');

    const promoted = await callAs(t, owner, 'PATCH', membersUrl(admin), { role: 'owner' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ userId: admin.userId, role: 'owner', status: 'active' });
    expect(await roleOf(admin)).toBe('owner');
    const orgs = (await callAs(t, admin, 'GET', '/api/organizations')).json();
    expect(orgs.find((o: { id: string }) => o.id === orgId)?.role).toBe('owner');
    // With two owners, the new one may change the founder's place and the founder may leave.
    expect((await callAs(t, admin, 'PATCH', membersUrl(owner), { role: 'admin' })).statusCode).toBe(200);
    expect((await callAs(t, admin, 'PATCH', membersUrl(owner), { role: 'owner' })).statusCode).toBe(200);
    expect((await callAs(t, owner, 'DELETE', membersUrl(admin))).statusCode).toBe(204);
    expect(await roleOf(owner)).toBe('owner');
  });

  it('never lets the last owner be demoted, removed or leave, with a message that says why', async () => {
    const admin = await member('admin');
    const demoted = await callAs(t, owner, 'PATCH', membersUrl(owner), { role: 'admin' });
    expect(demoted.statusCode).toBe(400);
    expect(demoted.json().error).toBe(MEMBERSHIP_MESSAGES.lastOwnerDemoted);
    const removed = await callAs(t, owner, 'DELETE', membersUrl(owner));
    expect(removed.statusCode).toBe(400);
    expect(removed.json().error).toBe(MEMBERSHIP_MESSAGES.lastOwnerRemoved);
    const left = await callAs(t, owner, 'POST', `/api/organizations/${orgId}/leave`);
    expect(left.statusCode).toBe(400);
    expect(left.json().error).toBe(MEMBERSHIP_MESSAGES.lastOwnerLeaves);
    // An admin may not touch the owner at all.
    const byAdmin = await callAs(t, admin, 'DELETE', membersUrl(owner));
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error).toBe(MEMBERSHIP_MESSAGES.ownerOnly);
    expect(await roleOf(owner)).toBe('owner');
  });

  it('refuses a viewer every change with 403 and changes nothing', async () => {
    const viewer = await member('viewer');
    const other = await member('viewer');
    const patch = await callAs(t, viewer, 'PATCH', membersUrl(other), { role: 'admin' });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().error).toBe(MEMBERSHIP_MESSAGES.viewer);
    expect((await callAs(t, viewer, 'DELETE', membersUrl(other))).statusCode).toBe(403);
    expect((await callAs(t, viewer, 'PATCH', membersUrl(viewer), { role: 'admin' })).statusCode).toBe(403);
    // Not even whether an id is a member leaks to a viewer.
    expect(
      (await callAs(t, viewer, 'DELETE', `/api/organizations/${orgId}/members/no-such-user`)).statusCode,
    ).toBe(403);
    expect(await roleOf(other)).toBe('viewer');
    expect(await roleOf(viewer)).toBe('viewer');
  });

  it('tells a non-member nothing (404) and refuses bad input (400)', async () => {
    const viewer = await member('viewer');
    expect((await callAs(t, stranger, 'PATCH', membersUrl(viewer), { role: 'admin' })).statusCode).toBe(404);
    expect((await callAs(t, stranger, 'DELETE', membersUrl(viewer))).statusCode).toBe(404);
    expect((await callAs(t, stranger, 'POST', `/api/organizations/${orgId}/leave`)).statusCode).toBe(404);
    expect((await callAs(t, owner, 'PATCH', membersUrl(viewer), { role: 'founder' })).statusCode).toBe(400);
    expect((await callAs(t, owner, 'DELETE', membersUrl(stranger))).statusCode).toBe(404);
    expect(await roleOf(viewer)).toBe('viewer');
  });
});
