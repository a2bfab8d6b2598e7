import { messages } from '@ocx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/database';
import { addMember, verifyEmail } from '../../test/members.fixture';
import {
  callAs,
  createTestApp,
  dialects,
  type SignedIn,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../test/test-app';

describe.each(dialects)('invitations by email on %s', (dialect) => {
  let t: TestApp;
  let database: Database;
  let owner: SignedIn;
  let viewer: SignedIn;
  let stranger: SignedIn;
  let orgId: string;
  let strangerOrgId: string;
  let siteId: string;
  beforeAll(async () => {
    // Each test signs up its own members: more than the default ten sign-ups a minute.
    t = await createTestApp(dialect, { authRateLimit: 100 });
    database = openDatabase(t.config.database);
    [owner, viewer, stranger] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    orgId = (await callAs(t, owner, 'GET', '/api/organizations')).json()[0].id;
    strangerOrgId = (await callAs(t, stranger, 'GET', '/api/organizations')).json()[0].id;
    siteId = (
      await callAs(t, owner, 'POST', '/api/websites', { name: 'Shop', rootDomain: 'shop.test' })
    ).json().id;
    await verifyEmail(t, viewer);
    await addMember(t, owner, orgId, 'viewer', viewer);
  });
  afterAll(async () => {
    await database.destroy();
    await t.close();
  });

  const invitationsUrl = `/api/organizations/${'{org}'}/invitations`;
  const urlFor = (org: string) => invitationsUrl.replace('{org}', org);

  /** Invites `email` into the owner's organization; the invitation and the token from the mailed link. */
  async function invite(email: string, role: 'admin' | 'viewer' = 'viewer') {
    const response = await callAs(t, owner, 'POST', urlFor(orgId), { email, role });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.status).toBe('invited');
    const [mail] = t.mailer.outbox(`invitation:${body.invitation.id}`) ?? [];
    const link = mail?.text.match(/https?:\/\/\S+\/invitations\/(\S+)/);
    if (!link?.[1]) throw new Error('no invitation link in the mail');
    return { invitation: body.invitation, token: link[1], mail };
  }
  const pending = async (org = orgId, as = owner) =>
    (await callAs(t, as, 'GET', urlFor(org))).json().map((i: { email: string }) => i.email);

  const memberIds = async () =>
    (await callAs(t, owner, 'GET', `/api/organizations/${orgId}/members`))
      .json()
      .map((m: { userId: string }) => m.userId);

  it('mails a new address a link; signing up with it, verifying and accepting makes them a member who sees the websites', async () => {
    const email = uniqueEmail('newcomer');
    const { invitation, token, mail } = await invite(email, 'admin');
    expect(invitation).toMatchObject({ email, role: 'admin' });
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 86_400_000;
    expect(days).toBe(7);
    expect(mail?.subject).toBe(`You are invited to ${owner.email} on OCX`);
    expect(await pending()).toContain(email);

    const preview = await callAs(t, null, 'GET', `/api/invitations/${token}`);
    expect(preview.json()).toMatchObject({
      organizationName: owner.email,
      email,
      role: 'admin',
      expired: false,
    });

    const newcomer = await signUp(t.app, email);
    await verifyEmail(t, newcomer);
    const accepted = await callAs(t, newcomer, 'POST', `/api/invitations/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ organizationId: orgId, role: 'admin' });
    const sites = (await callAs(t, newcomer, 'GET', '/api/websites')).json();
    expect(sites.map((s: { id: string }) => s.id)).toEqual([siteId]);
    expect(await pending()).not.toContain(email);
    // The link works once.
    expect((await callAs(t, newcomer, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(404);
    expect((await callAs(t, null, 'GET', `/api/invitations/${token}`)).statusCode).toBe(404);
  });

  it('answers the same for an address with an account and one without: both get a mailed invitation, neither is a member yet', async () => {
    const existing = await signUp(t.app);
    await verifyEmail(t, existing);
    const unknown = uniqueEmail('unknown');
    // The invitations endpoint and the old members endpoint alike (the second renews the invitation).
    for (const [round, url] of [urlFor(orgId), `/api/organizations/${orgId}/members`].entries()) {
      const answers = [];
      for (const email of [existing.email, unknown]) {
        const response = await callAs(t, owner, 'POST', url, { email, role: 'viewer' });
        const body = response.json();
        const mails = t.mailer.outbox(`invitation:${body.invitation?.id}`) ?? [];
        expect(mails.map((m) => m.subject)).toEqual(
          Array(round + 1).fill(`You are invited to ${owner.email} on OCX`),
        );
        answers.push({
          status: response.statusCode,
          keys: Object.keys(body).sort(),
          invitationKeys: Object.keys(body.invitation ?? {}).sort(),
          result: body.status,
          email: body.invitation?.email === email,
        });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]).toEqual({
        status: 201,
        keys: ['invitation', 'status'],
        invitationKeys: ['createdAt', 'email', 'expiresAt', 'id', 'role'],
        result: 'invited',
        email: true,
      });
    }
    expect(await memberIds()).not.toContain(existing.userId);
    expect((await callAs(t, existing, 'GET', `/api/websites/${siteId}`)).statusCode).toBe(404);
    expect(await pending()).toEqual(expect.arrayContaining([existing.email, unknown]));
  });

  it('refuses an address already a member, and a malformed one', async () => {
    const again = await callAs(t, owner, 'POST', urlFor(orgId), { email: viewer.email, role: 'admin' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: `${viewer.email} is already a member of this organization`,
      field: 'email',
    });
    const bad = await callAs(t, owner, 'POST', urlFor(orgId), { email: 'not an address', role: 'viewer' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('email');
  });

  it('lets an unverified account accept only once it has verified its address, reading nothing before', async () => {
    const email = uniqueEmail('unproven');
    const { token } = await invite(email, 'admin');
    const invitee = await signUp(t.app, email);
    const refused = await callAs(t, invitee, 'POST', `/api/invitations/${token}/accept`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(messages.members.verifyFirst);
    expect((await callAs(t, invitee, 'GET', `/api/websites/${siteId}`)).statusCode).toBe(404);
    expect((await callAs(t, invitee, 'GET', `/api/organizations/${orgId}/members`)).statusCode).toBe(404);
    expect((await callAs(t, invitee, 'GET', '/api/organizations')).json()).toHaveLength(1);
    expect(await memberIds()).not.toContain(invitee.userId);
    // The invitation stays valid.
    expect((await callAs(t, null, 'GET', `/api/invitations/${token}`)).json().expired).toBe(false);

    await verifyEmail(t, invitee);
    const accepted = await callAs(t, invitee, 'POST', `/api/invitations/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ organizationId: orgId, role: 'admin' });
    expect((await callAs(t, invitee, 'GET', `/api/websites/${siteId}`)).statusCode).toBe(200);
  });

  it('accepts only for the invited address, and not once expired', async () => {
    const email = uniqueEmail('invited');
    const { invitation, token } = await invite(email);
    const other = await signUp(t.app);
    await verifyEmail(t, other);
    const wrong = await callAs(t, other, 'POST', `/api/invitations/${token}/accept`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(
      `This invitation is for ${email}. Sign in with that address to accept it.`,
    );
    expect((await callAs(t, null, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(401);

    await database.db
      .updateTable('organization_invitation')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', invitation.id)
      .execute();
    expect((await callAs(t, null, 'GET', `/api/invitations/${token}`)).json().expired).toBe(true);
    const invitee = await signUp(t.app, email);
    await verifyEmail(t, invitee);
    const expired = await callAs(t, invitee, 'POST', `/api/invitations/${token}/accept`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('This invitation has expired. Ask the organization for a new one.');
    expect((await callAs(t, invitee, 'GET', `/api/websites/${siteId}`)).statusCode).toBe(404);
  });

  it('renews an invitation sent again (the old link stops working) and revokes one', async () => {
    const email = uniqueEmail('twice');
    const first = await invite(email);
    const second = await invite(email, 'admin');
    expect(second.invitation.id).toBe(first.invitation.id);
    expect((await callAs(t, null, 'GET', `/api/invitations/${first.token}`)).statusCode).toBe(404);
    expect((await callAs(t, null, 'GET', `/api/invitations/${second.token}`)).json().role).toBe('admin');

    const revoked = await callAs(t, owner, 'DELETE', `${urlFor(orgId)}/${second.invitation.id}`);
    expect(revoked.statusCode).toBe(204);
    expect(await pending()).not.toContain(email);
    expect((await callAs(t, null, 'GET', `/api/invitations/${second.token}`)).statusCode).toBe(404);
  });

  it("refuses a viewer (403, in invitation words) and a non-member (404), and never shows another organization's invitations", async () => {
    const email = uniqueEmail('private');
    const { invitation } = await invite(email);
    for (const [user, status] of [
      [viewer, 403],
      [stranger, 404],
    ] as const) {
      expect((await callAs(t, user, 'GET', urlFor(orgId))).statusCode).toBe(status);
      for (const url of [urlFor(orgId), `/api/organizations/${orgId}/members`]) {
        const invited = await callAs(t, user, 'POST', url, { email: uniqueEmail('x'), role: 'viewer' });
        expect(invited.statusCode).toBe(status);
        if (status === 403) expect(invited.json().error).toBe(messages.members.inviteRefused);
      }
      const revoked = await callAs(t, user, 'DELETE', `${urlFor(orgId)}/${invitation.id}`);
      expect(revoked.statusCode).toBe(status);
      if (status === 403) expect(revoked.json().error).toBe(messages.members.invitationsRefused);
    }
    // Through the stranger's own organization, the owner's invitation id is not found.
    expect(
      (await callAs(t, stranger, 'DELETE', `${urlFor(strangerOrgId)}/${invitation.id}`)).statusCode,
    ).toBe(404);
    expect(await pending(strangerOrgId, stranger)).toEqual([]);
    expect(await pending()).toContain(email);
  });
});
