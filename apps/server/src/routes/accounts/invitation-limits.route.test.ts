import { messages } from '@ocx/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  INVITATIONS_PER_ADDRESS_DAY,
  INVITATIONS_PER_ORGANIZATION_HOUR,
} from '../../services/accounts/invitation.service';
import type { Mail } from '../../services/accounts/mailer';
import { ownOrganization, signUpVerified } from '../../test/members.fixture';
import {
  callAs,
  createTestApp,
  dialects,
  type SignedIn,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../test/test-app';

describe.each(dialects)('invitation mails are rate limited on %s', (dialect) => {
  let t: TestApp;
  const sent: Mail[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // Every mail the server sends, whoever it is for (the dev outbox keeps only the last 50).
    const mailer = t.mailer;
    const send = mailer.send.bind(mailer);
    vi.spyOn(mailer, 'send').mockImplementation(async (mail) => {
      sent.push(mail);
      await send(mail);
    });
  });
  afterAll(() => t.close());

  const invite = (by: SignedIn, orgId: string, email: string) =>
    callAs(t, by, 'POST', `/api/organizations/${orgId}/invitations`, { email, role: 'viewer' });
  const pending = async (by: SignedIn, orgId: string) =>
    (await callAs(t, by, 'GET', `/api/organizations/${orgId}/invitations`))
      .json()
      .map((i: { email: string }) => i.email);
  /** Every invitation mail sent to `email`. */
  const mailsTo = (email: string) =>
    sent.filter((mail) => mail.to === email && /You are invited to/.test(mail.subject));

  it(`lets an organization send ${INVITATIONS_PER_ORGANIZATION_HOUR} invitation mails an hour, then refuses (429) and sends nothing`, async () => {
    const owner = await signUpVerified(t);
    const orgId = await ownOrganization(t, owner);
    for (let i = 0; i < INVITATIONS_PER_ORGANIZATION_HOUR; i++)
      expect((await invite(owner, orgId, uniqueEmail('colleague'))).statusCode).toBe(201);
    const over = uniqueEmail('one-too-many');
    const refused = await invite(owner, orgId, over);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(
      messages.members.tooManyFromOrganization(INVITATIONS_PER_ORGANIZATION_HOUR),
    );
    expect(mailsTo(over)).toEqual([]);
    expect(await pending(owner, orgId)).not.toContain(over);
    // The POST …/members spelling is the same invitation and counts the same.
    expect(
      (
        await callAs(t, owner, 'POST', `/api/organizations/${orgId}/members`, {
          email: over,
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(429);
    // Another organization is not held back by this one.
    const other = await signUpVerified(t);
    expect((await invite(other, await ownOrganization(t, other), over)).statusCode).toBe(201);
  });

  it(`lets one address receive ${INVITATIONS_PER_ADDRESS_DAY} invitation mails a day from all organizations together`, async () => {
    const [ann, bob] = [await signUpVerified(t), await signUpVerified(t)];
    const [annOrg, bobOrg] = [await ownOrganization(t, ann), await ownOrganization(t, bob)];
    const target = uniqueEmail('popular');
    for (let i = 0; i < INVITATIONS_PER_ADDRESS_DAY; i++) {
      const [by, orgId] = i % 2 === 0 ? [ann, annOrg] : [bob, bobOrg];
      expect((await invite(by, orgId, target)).statusCode).toBe(201);
    }
    expect(mailsTo(target)).toHaveLength(INVITATIONS_PER_ADDRESS_DAY);
    const refused = await invite(bob, bobOrg, target);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(messages.members.tooManyToAddress);
    expect(mailsTo(target)).toHaveLength(INVITATIONS_PER_ADDRESS_DAY);
    // The organizations may still invite other addresses.
    expect((await invite(bob, bobOrg, uniqueEmail('someone-else'))).statusCode).toBe(201);
  });

  it('refuses an inviter whose own address is not proven (403), sending nothing', async () => {
    const owner = await signUp(t.app);
    const target = uniqueEmail('stranger');
    const refused = await invite(owner, await ownOrganization(t, owner), target);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(messages.members.verifyBeforeInviting);
    expect(mailsTo(target)).toEqual([]);
  });
});
