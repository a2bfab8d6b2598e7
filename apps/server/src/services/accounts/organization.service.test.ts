import { DAY_MS, MEMBERSHIP_MESSAGES, TRIAL_DAYS } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { MemberRow, OrganizationRepository } from '../../storage/accounts/organization.repository';
import { mockOf } from '../../test/service-mocks';
import { alice, storedMembership, storedOrganization } from '../../test/service-rows.fixture';
import type { Access } from '../platform/access';
import { OrganizationService } from './organization.service';

const NOW = Date.parse('2024-03-10T10:00:00.000Z');

function build(billingEnabled = true) {
  const organizations = mockOf<OrganizationRepository>();
  const access = mockOf<Access>();
  return {
    service: new OrganizationService(organizations, { access, billingEnabled }),
    organizations,
    access,
  };
}

const memberRow = (changes: Partial<MemberRow> = {}): MemberRow => ({
  user_id: 'user-bob',
  email: 'bob@example.com',
  role: 'viewer',
  active: 1,
  ...changes,
});

describe('OrganizationService', () => {
  it('starts a trial organization owned by the user', async () => {
    const { service, organizations } = build();
    await service.startTrial(alice, new Date(NOW));
    expect(organizations.insertIfMissing).toHaveBeenCalledWith(
      expect.objectContaining({
        name: alice.email,
        owner_user_id: alice.id,
        plan: 'trial',
        status: 'trialing',
        trial_ends_at: new Date(NOW + TRIAL_DAYS * DAY_MS).toISOString(),
        created_at: new Date(NOW).toISOString(),
      }),
    );
  });

  it('makes the organization a user lacks before answering it', async () => {
    const { service, organizations } = build();
    organizations.findByOwner.mockResolvedValueOnce(undefined).mockResolvedValueOnce(storedOrganization());
    await expect(service.forUser(alice)).resolves.toMatchObject({
      id: 'org-1',
      role: 'owner',
      plan: 'trial',
    });
    expect(organizations.insertIfMissing).toHaveBeenCalledTimes(1);
  });

  it('counts this month’s events against the plan and says when over quota', async () => {
    const { service, organizations, access } = build();
    access.organization.mockResolvedValue(
      storedMembership({ plan: 'starter', status: 'active', cancel_at_period_end: 1, role: 'viewer' }),
    );
    organizations.eventsBetween.mockResolvedValue(100_001);
    organizations.countWebsites.mockResolvedValue(1);
    const overview = await service.overview(alice, 'org-1', NOW);
    expect(organizations.eventsBetween).toHaveBeenCalledWith(
      'org-1',
      Date.parse('2024-03-01T00:00:00Z'),
      Date.parse('2024-04-01T00:00:00Z'),
    );
    expect(overview).toMatchObject({
      billingEnabled: true,
      limitSource: 'plan',
      organization: { cancelAtPeriodEnd: true, role: 'viewer' },
      usage: { events: 100_001, eventsLimit: 100_000, websites: 1, websitesLimit: 1, overQuota: true },
    });
  });

  it('limits nothing when billing is not configured', async () => {
    const { service, organizations, access } = build(false);
    access.organization.mockResolvedValue(storedMembership());
    organizations.eventsBetween.mockResolvedValue(5_000_000);
    organizations.countWebsites.mockResolvedValue(40);
    await expect(service.overview(alice, 'org-1', NOW)).resolves.toMatchObject({
      limitSource: 'unlimited',
      showTrialBanner: false,
      usage: { eventsLimit: null, websitesLimit: null, overQuota: false },
    });
    organizations.findByOwner.mockResolvedValue(storedOrganization());
    await expect(service.placeForNewWebsite(alice, NOW)).resolves.toBe('org-1');
  });

  it('refuses a new website past the trial’s limit', async () => {
    const { service, organizations } = build();
    organizations.findByOwner.mockResolvedValue(storedOrganization());
    organizations.countWebsites.mockResolvedValue(1);
    await expect(service.placeForNewWebsite(alice, NOW)).rejects.toThrow(/The trial allows 1 website\./);
    organizations.countWebsites.mockResolvedValue(0);
    await expect(service.placeForNewWebsite(alice, NOW)).resolves.toBe('org-1');
  });

  it('lets an admin change a viewer’s role, and keeps a viewer from changing anyone', async () => {
    const { service, organizations, access } = build();
    access.organization.mockResolvedValue(storedMembership({ role: 'admin' }));
    organizations.findMember.mockResolvedValue(memberRow());
    organizations.countOwners.mockResolvedValue(1);
    await expect(service.changeRole(alice, 'org-1', 'user-bob', { role: 'admin' })).resolves.toEqual({
      userId: 'user-bob',
      email: 'bob@example.com',
      role: 'admin',
      status: 'active',
    });
    expect(organizations.setMemberRole).toHaveBeenCalledWith('org-1', 'user-bob', 'admin');
    access.organization.mockResolvedValue(storedMembership({ role: 'viewer' }));
    await expect(service.changeRole(alice, 'org-1', 'user-bob', { role: 'admin' })).rejects.toThrow(
      new ForbiddenError(MEMBERSHIP_MESSAGES.viewer),
    );
    expect(organizations.setMemberRole).toHaveBeenCalledTimes(1);
  });

  it('keeps the last active owner, counting a suspended owner only as the change’s target', async () => {
    const { service, organizations, access } = build();
    access.organization.mockResolvedValue(storedMembership({ role: 'owner' }));
    organizations.countOwners.mockResolvedValue(1);
    organizations.findMember.mockResolvedValue(memberRow({ role: 'owner', active: 1 }));
    await expect(service.removeMember(alice, 'org-1', 'user-bob')).rejects.toThrow(
      new ValidationError(MEMBERSHIP_MESSAGES.lastOwnerRemoved),
    );
    expect(organizations.deleteMember).not.toHaveBeenCalled();
    organizations.findMember.mockResolvedValue(memberRow({ role: 'owner', active: 0 }));
    await service.removeMember(alice, 'org-1', 'user-bob');
    expect(organizations.deleteMember).toHaveBeenCalledWith('org-1', 'user-bob');
    expect(organizations.releaseHome).toHaveBeenCalledWith('org-1', 'user-bob');
  });

  it('lets a member leave unless they are the last owner, and answers not found for a stranger', async () => {
    const { service, organizations, access } = build();
    access.organization.mockResolvedValue(storedMembership({ role: 'owner' }));
    organizations.countOwners.mockResolvedValue(1);
    await expect(service.leave(alice, 'org-1')).rejects.toThrow(MEMBERSHIP_MESSAGES.lastOwnerLeaves);
    access.organization.mockResolvedValue(storedMembership({ role: 'viewer' }));
    await service.leave(alice, 'org-1');
    expect(organizations.deleteMember).toHaveBeenCalledWith('org-1', alice.id);
    access.organization.mockResolvedValue(storedMembership({ role: 'admin' }));
    await expect(service.removeMember(alice, 'org-1', 'nobody')).rejects.toBeInstanceOf(NotFoundError);
  });
});
