import { ACCOUNT_DELETION_MESSAGES } from '@ocx/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { addMember, ownOrganization, verifyEmail } from '../../test/members.fixture';
import {
  callAs,
  cookieFrom,
  createTestApp,
  dialects,
  type SignedIn,
  signUp,
  type TestApp,
} from '../../test/test-app';
import { collectEvents, pageview, trackedSite } from '../../test/tracked-site.fixture';

const PASSWORD = 'correct horse battery';

describe.each(dialects)('deleting an account deletes only what is yours on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { authRateLimit: 1000 });
    // The first sign-up and mail wake the auth thread: slow on a busy machine, so not in a test's time.
    await verifyEmail(t, await signUp(t.app));
  });
  afterAll(() => t.close());

  const deleteAccount = (user: SignedIn, body: object = {}) =>
    callAs(t, user, 'POST', '/api/account/delete', { password: PASSWORD, ...body });
  const siteIds = async (user: SignedIn) =>
    ((await callAs(t, user, 'GET', '/api/websites')).json() as { id: string }[]).map((s) => s.id);
  const members = async (user: SignedIn, orgId: string) =>
    ((await callAs(t, user, 'GET', `/api/organizations/${orgId}/members`)).json() as Member[])
      .map((m) => `${m.email} ${m.role}`)
      .sort();
  async function rows<T>(query: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>): Promise<T> {
    const database = openDatabase(t.config.database);
    try {
      return await query(database.db);
    } finally {
      await database.destroy();
    }
  }
  const count = (table: string, column: string, value: string) =>
    rows(async (db) => {
      const { rows: found } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
        where ${sql.ref(column)} = ${value}`.execute(db);
      return Number(found[0]?.n ?? 0);
    });
  /** Alice's organization with her website ('Shop', a campaign, goals). */
  async function alicesOrganization() {
    const alice = await trackedSite(t.app);
    return { alice: alice.owner, siteId: alice.siteId, orgId: await ownOrganization(t, alice.owner) };
  }

  it("an admin of someone else's organization deletes their account: that organization and its websites stay", async () => {
    const { alice, siteId, orgId } = await alicesOrganization();
    const newcomer = await signUp(t.app);
    await verifyEmail(t, newcomer);
    const adminsOwn = await ownOrganization(t, newcomer);
    const admin = await addMember(t, alice, orgId, 'admin', newcomer);

    expect((await deleteAccount(admin)).statusCode).toBe(204);

    expect(await siteIds(alice)).toEqual([siteId]);
    expect((await callAs(t, alice, 'GET', `/api/websites/${siteId}/campaigns`)).json()).toHaveLength(1);
    expect(await members(alice, orgId)).toEqual([`${alice.email} owner`]);
    // Their own organization, which only they made up, went with them.
    expect(await count('organization', 'id', adminsOwn)).toBe(0);
    expect(await count('organization', 'id', orgId)).toBe(1);
  });

  it("a viewer of someone else's organization deletes their account: that organization stays untouched", async () => {
    const { alice, siteId, orgId } = await alicesOrganization();
    const viewer = await addMember(t, alice, orgId, 'viewer');
    expect(await siteIds(viewer)).toEqual([siteId]);

    expect((await deleteAccount(viewer)).statusCode).toBe(204);

    expect(await siteIds(alice)).toEqual([siteId]);
    expect(await members(alice, orgId)).toEqual([`${alice.email} owner`]);
  });

  it('the only member of an organization takes it along with its websites and their events', async () => {
    const { alice, siteId, orgId } = await alicesOrganization();
    expect((await collectEvents(t.app, siteId, [pageview(), pageview()])).statusCode).toBe(202);
    await expect.poll(() => count('event', 'website_id', siteId)).toBe(2);

    expect((await deleteAccount(alice)).statusCode).toBe(204);

    expect(await count('organization', 'id', orgId)).toBe(0);
    expect(await count('website', 'id', siteId)).toBe(0);
    expect(await count('event', 'website_id', siteId)).toBe(0);
    expect(await count('dash_event_day', 'website_id', siteId)).toBe(0);
    expect(await count('campaign', 'website_id', siteId)).toBe(0);
  });

  it('an owner among owners leaves: the organization and its websites stay, now in the other owner’s name', async () => {
    const { alice, siteId, orgId } = await alicesOrganization();
    const bob = await addMember(t, alice, orgId, 'admin');
    const promoted = await callAs(t, alice, 'PATCH', `/api/organizations/${orgId}/members/${bob.userId}`, {
      role: 'owner',
    });
    expect(promoted.statusCode).toBe(200);

    expect((await deleteAccount(alice)).statusCode).toBe(204);

    expect(await siteIds(bob)).toEqual([siteId]);
    expect(await members(bob, orgId)).toEqual([`${bob.email} owner`]);
    const kept = await rows((db) =>
      db.selectFrom('organization').select('owner_user_id').where('id', '=', orgId).executeTakeFirst(),
    );
    expect(kept).toEqual({ owner_user_id: null });
    expect(await count('website', 'user_id', bob.userId)).toBe(1);
    expect(await count('website', 'user_id', alice.userId)).toBe(0);
  });

  it('refuses the only owner of an organization with other members, naming it, and deletes nothing', async () => {
    const { alice, siteId, orgId } = await alicesOrganization();
    const admin = await addMember(t, alice, orgId, 'admin');
    const name = (await callAs(t, alice, 'GET', '/api/organizations')).json()[0].name;

    const refused = await deleteAccount(alice);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: ACCOUNT_DELETION_MESSAGES.transfer([name]) });
    expect(refused.json().error).toContain(`"${name}"`);

    expect((await callAs(t, alice, 'GET', '/api/me')).statusCode).toBe(200);
    expect(await siteIds(alice)).toEqual([siteId]);
    expect(await siteIds(admin)).toEqual([siteId]);
    expect(await members(alice, orgId)).toEqual([`${admin.email} admin`, `${alice.email} owner`].sort());
  });

  it('passes the organization to its longest-standing admin when the user confirms it', async () => {
    const { alice, siteId, orgId } = await alicesOrganization();
    const viewer = await addMember(t, alice, orgId, 'viewer');
    const first = await addMember(t, alice, orgId, 'admin');
    const second = await addMember(t, alice, orgId, 'admin');
    const preview = (await callAs(t, alice, 'GET', '/api/account/deletion')).json();
    expect(preview.transfers).toEqual([{ id: orgId, name: alice.email, to: first.email }]);

    expect((await deleteAccount(alice, { transferOwnership: true })).statusCode).toBe(204);

    expect(await members(first, orgId)).toEqual(
      [`${first.email} owner`, `${second.email} admin`, `${viewer.email} viewer`].sort(),
    );
    expect(await siteIds(first)).toEqual([siteId]);
    const site = await callAs(t, first, 'PATCH', `/api/websites/${siteId}`, { name: 'Shop, kept' });
    expect(site.statusCode).toBe(200);
    expect(await siteIds(viewer)).toEqual([siteId]);
    expect(await count('website', 'user_id', first.userId)).toBe(1);
  });

  it('refuses, confirmed or not, while the organization has members but no admin to take it over', async () => {
    const { alice, siteId, orgId } = await alicesOrganization();
    const viewer = await addMember(t, alice, orgId, 'viewer');
    const name = (await callAs(t, alice, 'GET', '/api/organizations')).json()[0].name;

    for (const body of [{}, { transferOwnership: true }]) {
      const refused = await deleteAccount(alice, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: ACCOUNT_DELETION_MESSAGES.noAdmin([name]) });
    }
    expect(await siteIds(viewer)).toEqual([siteId]);
    expect((await callAs(t, alice, 'GET', '/api/me')).statusCode).toBe(200);
  });

  it('counts no member still waiting to verify: an earlier admin takes over, and an unverified co-owner keeps nothing alive', async () => {
    const { alice, siteId, orgId } = await alicesOrganization();
    /** An unverified account with a membership row, as a database from before invitations has them. */
    const waiting = async (role: 'owner' | 'admin') => {
      const user = await signUp(t.app);
      await rows((db) =>
        db
          .insertInto('organization_member')
          .values({
            organization_id: orgId,
            user_id: user.userId,
            role,
            created_at: '2020-01-01T00:00:00.000Z',
          })
          .execute(),
      );
      return user;
    };
    const suspendedAdmin = await waiting('admin');
    const admin = await addMember(t, alice, orgId, 'admin');
    const preview = (await callAs(t, alice, 'GET', '/api/account/deletion')).json();
    // The suspended admin joined first, but is no member until verified.
    expect(preview.transfers).toEqual([{ id: orgId, name: alice.email, to: admin.email }]);

    const bob = await trackedSite(t.app);
    const bobsOrg = await ownOrganization(t, bob.owner);
    await rows((db) =>
      db
        .insertInto('organization_member')
        .values({
          organization_id: bobsOrg,
          user_id: suspendedAdmin.userId,
          role: 'owner',
          created_at: '2020-01-01T00:00:00.000Z',
        })
        .execute(),
    );
    // Bob's only other owner waits for verification: Bob is its only member, so it goes with him.
    expect((await callAs(t, bob.owner, 'GET', '/api/account/deletion')).json().deleted).toEqual([
      expect.objectContaining({ id: bobsOrg }),
    ]);
    expect((await deleteAccount(alice, { transferOwnership: true })).statusCode).toBe(204);
    expect(await siteIds(admin)).toEqual([siteId]);
  });

  it('ends every session and personal access token of the deleted user', async () => {
    const user = await signUp(t.app);
    const other = await callAs(t, null, 'POST', '/api/auth/sign-in/email', {
      email: user.email,
      password: PASSWORD,
    });
    const otherCookie = cookieFrom(other);
    expect(otherCookie).toMatch(/session_token=[^;]/);
    const created = await callAs(t, user, 'POST', '/api/account/tokens', { name: 'script' });
    const token = created.json().token as string;
    const byToken = () =>
      t.app.inject({ method: 'GET', url: '/api/websites', headers: { authorization: `Bearer ${token}` } });
    expect((await byToken()).statusCode).toBe(200);

    expect((await deleteAccount(user)).statusCode).toBe(204);

    expect((await byToken()).statusCode).toBe(401);
    expect((await callAs(t, user, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await callAs(t, { ...user, cookie: otherCookie }, 'GET', '/api/me')).statusCode).toBe(401);
    expect(await count('session', 'userId', user.userId)).toBe(0);
    expect(await count('api_token', 'user_id', user.userId)).toBe(0);
  });

  it('previews what goes and what stays', async () => {
    const { alice, orgId } = await alicesOrganization();
    const bob = await signUp(t.app);
    const bobsOrg = await ownOrganization(t, bob);
    await addMember(t, bob, bobsOrg, 'admin', alice);

    const preview = await callAs(t, alice, 'GET', '/api/account/deletion');
    expect(preview.json()).toEqual({
      deleted: [{ id: orgId, name: alice.email, websites: 1, subscription: false }],
      left: [{ id: bobsOrg, name: bob.email, role: 'admin' }],
      transfers: [],
      blocked: [],
    });
  });

  it('a founder who leaves their organization gets a fresh one of their own', async () => {
    const { alice, siteId, orgId } = await alicesOrganization();
    const bob = await addMember(t, alice, orgId, 'admin');
    await callAs(t, alice, 'PATCH', `/api/organizations/${orgId}/members/${bob.userId}`, { role: 'owner' });

    expect((await callAs(t, alice, 'POST', `/api/organizations/${orgId}/leave`)).statusCode).toBe(204);

    const me = (await callAs(t, alice, 'GET', '/api/me')).json();
    expect(me.organization.id).not.toBe(orgId);
    expect(me.organization.role).toBe('owner');
    const created = await callAs(t, alice, 'POST', '/api/websites', {
      name: 'Blog',
      rootDomain: 'blog.test',
    });
    expect(created.statusCode).toBe(201);
    expect(await siteIds(alice)).toEqual([created.json().id]);
    expect(await siteIds(bob)).toEqual([siteId]);
  });
});

interface Member {
  email: string;
  role: string;
}
