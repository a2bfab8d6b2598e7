import { createHash } from 'node:crypto';
import { messages } from '@ocx/contracts';
import { DAY_MS } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../../errors';
import type {
  InvitationRepository,
  InvitationWithOrganization,
} from '../../storage/accounts/invitation.repository';
import type { OrganizationRepository } from '../../storage/accounts/organization.repository';
import { mockOf } from '../../test/service-mocks';
import { alice, storedMembership } from '../../test/service-rows.fixture';
import type { Access } from '../platform/access';
import type { Limit, RateLimits } from '../platform/rate-limits';
import { INVITATION_DAYS, InvitationService } from './invitation.service';
import type { Mailer } from './mailer';

const NOW = Date.parse('2024-03-01T10:00:00.000Z');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function build() {
  const invitations = mockOf<InvitationRepository>();
  const organizations = mockOf<OrganizationRepository>();
  const access = mockOf<Access>();
  const mailer = mockOf<Pick<Mailer, 'send'>>();
  const limit = { organization: mockOf<Limit>(), address: mockOf<Limit>() };
  const limits = mockOf<RateLimits>({
    sliding: (name: string) => (name === 'invitation-organization' ? limit.organization : limit.address),
  });
  access.organization.mockResolvedValue(storedMembership({ role: 'admin' }));
  organizations.emailVerified.mockResolvedValue(true);
  limit.organization.allow.mockResolvedValue(true);
  limit.address.allow.mockResolvedValue(true);
  invitations.upsert.mockImplementation(async (row) => ({ ...row, invited_by: row.invited_by ?? null }));
  const service = new InvitationService(invitations, {
    access,
    organizations,
    mailer,
    publicUrl: 'https://ocx.example',
    limits,
    now: () => NOW,
  });
  return { service, invitations, organizations, access, mailer, limit };
}

const pending = (changes: Partial<InvitationWithOrganization> = {}): InvitationWithOrganization => ({
  id: 'inv-1',
  organization_id: 'org-1',
  organization_name: 'Alice & Co',
  email: 'bob@example.com',
  role: 'admin',
  token_hash: 'hash',
  invited_by: alice.id,
  expires_at: new Date(NOW + DAY_MS).toISOString(),
  created_at: new Date(NOW - DAY_MS).toISOString(),
  ...changes,
});

const bob = { id: 'user-bob', email: ' Bob@Example.com ' };

describe('InvitationService', () => {
  it('stores the hash of the link’s token and mails the link to the address', async () => {
    const { service, invitations, mailer, access } = build();
    const result = await service.invite(alice, 'org-1', { email: 'bob@example.com', role: 'viewer' });
    expect(access.organization).toHaveBeenCalledWith(
      alice,
      'org-1',
      'manage',
      messages.members.inviteRefused,
    );
    const stored = invitations.upsert.mock.calls[0]?.[0];
    expect(stored).toMatchObject({
      organization_id: 'org-1',
      email: 'bob@example.com',
      role: 'viewer',
      invited_by: alice.id,
      expires_at: new Date(NOW + INVITATION_DAYS * DAY_MS).toISOString(),
    });
    const mail = mailer.send.mock.calls[0]?.[0];
    expect(mail?.to).toBe('bob@example.com');
    const token = mail?.text.match(/https:\/\/ocx\.example\/invitations\/([\w-]+)/)?.[1] ?? '';
    expect(sha256(token)).toBe(stored?.token_hash);
    expect(result).toEqual({
      status: 'invited',
      invitation: {
        id: stored?.id,
        email: 'bob@example.com',
        role: 'viewer',
        expiresAt: stored?.expires_at,
        createdAt: new Date(NOW).toISOString(),
      },
    });
  });

  it('refuses an inviter whose own address is not verified', async () => {
    const { service, organizations, mailer } = build();
    organizations.emailVerified.mockResolvedValue(false);
    await expect(
      service.invite(alice, 'org-1', { email: 'bob@example.com', role: 'viewer' }),
    ).rejects.toThrow(new ForbiddenError(messages.members.verifyBeforeInviting));
    expect(mailer.send).not.toHaveBeenCalled();
  });

  it('says when the address is already a member', async () => {
    const { service, organizations, invitations } = build();
    organizations.findUserByEmail.mockResolvedValue({ id: 'user-bob', email: 'bob@example.com' });
    organizations.findMember.mockResolvedValue({
      user_id: 'user-bob',
      email: 'bob@example.com',
      role: 'viewer',
      active: 1,
    });
    await expect(
      service.invite(alice, 'org-1', { email: 'bob@example.com', role: 'viewer' }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(organizations.findMember).toHaveBeenCalledWith('org-1', 'user-bob');
    expect(invitations.upsert).not.toHaveBeenCalled();
  });

  it('sends nothing over the organization’s or the address’s limit', async () => {
    const { service, limit, mailer, invitations } = build();
    limit.organization.allow.mockResolvedValueOnce(false);
    await expect(
      service.invite(alice, 'org-1', { email: 'bob@example.com', role: 'viewer' }),
    ).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(limit.organization.allow).toHaveBeenCalledWith('org-1', NOW);
    limit.address.allow.mockResolvedValueOnce(false);
    await expect(
      service.invite(alice, 'org-1', { email: 'bob@example.com', role: 'viewer' }),
    ).rejects.toThrow(messages.members.tooManyToAddress);
    expect(limit.address.allow).toHaveBeenCalledWith('bob@example.com', NOW);
    expect(invitations.upsert).not.toHaveBeenCalled();
    expect(mailer.send).not.toHaveBeenCalled();
  });

  it('previews an invitation found by its token’s hash, and says whether it expired', async () => {
    const { service, invitations } = build();
    invitations.findByTokenHash.mockResolvedValue(pending({ expires_at: new Date(NOW).toISOString() }));
    await expect(service.preview('the-token')).resolves.toEqual({
      organizationName: 'Alice & Co',
      email: 'bob@example.com',
      role: 'admin',
      expiresAt: new Date(NOW).toISOString(),
      expired: true,
    });
    expect(invitations.findByTokenHash).toHaveBeenCalledWith(sha256('the-token'));
    invitations.findByTokenHash.mockResolvedValue(undefined);
    await expect(service.preview('gone')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('accepts for the verified user it was sent to, whatever the address’s case', async () => {
    const { service, invitations } = build();
    const row = pending();
    invitations.findByTokenHash.mockResolvedValue(row);
    invitations.emailVerified.mockResolvedValue(true);
    invitations.accept.mockResolvedValue(true);
    await expect(service.accept(bob, 'the-token')).resolves.toEqual({
      organizationId: 'org-1',
      role: 'admin',
    });
    expect(invitations.accept).toHaveBeenCalledWith(row, 'user-bob', 'admin', new Date(NOW).toISOString());
  });

  it('refuses to accept an expired invitation, another address’s, or before verification', async () => {
    const { service, invitations } = build();
    invitations.findByTokenHash.mockResolvedValue(pending({ expires_at: new Date(NOW - 1).toISOString() }));
    await expect(service.accept(bob, 't')).rejects.toBeInstanceOf(ValidationError);
    invitations.findByTokenHash.mockResolvedValue(pending());
    await expect(service.accept(alice, 't')).rejects.toBeInstanceOf(ForbiddenError);
    invitations.emailVerified.mockResolvedValue(false);
    await expect(service.accept(bob, 't')).rejects.toThrow(messages.members.verifyFirst);
    expect(invitations.accept).not.toHaveBeenCalled();
  });

  it('revokes only within the organization, answering not found otherwise', async () => {
    const { service, invitations, access } = build();
    invitations.delete.mockResolvedValue(false);
    await expect(service.revoke(alice, 'org-1', 'inv-x')).rejects.toBeInstanceOf(NotFoundError);
    expect(invitations.delete).toHaveBeenCalledWith('org-1', 'inv-x');
    expect(access.organization).toHaveBeenCalledWith(
      alice,
      'org-1',
      'manage',
      messages.members.invitationsRefused,
    );
  });
});
