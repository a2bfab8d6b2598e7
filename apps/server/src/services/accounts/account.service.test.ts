import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { AccountOrganizationRow, AccountRepository } from '../../storage/accounts/account.repository';
import { mockOf } from '../../test/service-mocks';
import { alice } from '../../test/service-rows.fixture';
import type { BillingService } from '../billing/billing.service';
import type { WebsiteService } from '../websites/website.service';
import { AccountService } from './account.service';

function build() {
  const accounts = mockOf<AccountRepository>();
  const websites = mockOf<Pick<WebsiteService, 'remove'>>();
  const billing = mockOf<Pick<BillingService, 'cancelBeforeDeletion'>>();
  return { service: new AccountService(accounts, websites, billing), accounts, websites, billing };
}

const org = (id: string, changes: Partial<AccountOrganizationRow> = {}): AccountOrganizationRow => ({
  id,
  name: id.toUpperCase(),
  status: 'trialing',
  stripe_subscription_id: null,
  websites: 1,
  ...changes,
});

const member = (organizationId: string, userId: string, role: string, joined: string) => ({
  organizationId,
  userId,
  email: `${userId}@example.com`,
  role,
  joinedAt: Date.parse(joined),
});

/** solo: alice alone (removed, live subscription); team: alice sole owner beside two admins; club: alice a viewer. */
function withOrganizations(accounts: ReturnType<typeof build>['accounts']) {
  accounts.organizations.mockResolvedValue([
    org('solo', { status: 'active', stripe_subscription_id: 'sub_1', websites: 2 }),
    org('team'),
    org('club'),
  ]);
  accounts.membersAlongside.mockResolvedValue([
    member('solo', alice.id, 'owner', '2024-01-01T00:00:00Z'),
    member('team', alice.id, 'owner', '2024-01-01T00:00:00Z'),
    member('team', 'bob', 'admin', '2024-02-01T00:00:00Z'),
    member('team', 'carol', 'admin', '2024-01-15T00:00:00Z'),
    member('club', 'dave', 'owner', '2023-01-01T00:00:00Z'),
    member('club', alice.id, 'viewer', '2024-01-01T00:00:00Z'),
  ]);
}

describe('AccountService', () => {
  it('lists unexpired sessions with their device, marking the one asking', async () => {
    const { service, accounts } = build();
    accounts.sessions.mockResolvedValue([
      {
        id: 'session-a',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
        aal: 'aal2',
        createdAt: '2024-03-01T10:00:00.000Z',
        updatedAt: '2024-03-02T10:00:00.000Z',
        expiresAt: '2999-01-01T00:00:00.000Z',
      },
      {
        id: 'session-old',
        userAgent: null,
        aal: null,
        createdAt: '2020-01-01T00:00:00.000Z',
        updatedAt: '2020-01-01T00:00:00.000Z',
        expiresAt: '2020-02-01T00:00:00.000Z',
      },
      {
        id: 'session-b',
        userAgent: null,
        aal: 'odd',
        createdAt: '2024-03-01T10:00:00.000Z',
        updatedAt: '2024-03-01T10:00:00.000Z',
        expiresAt: '2999-01-01T00:00:00.000Z',
      },
    ]);
    const sessions = await service.sessions(alice, 'session-a');
    expect(accounts.sessions).toHaveBeenCalledWith(alice.id);
    expect(sessions).toEqual([
      {
        id: 'session-a',
        device: 'Firefox on Linux (desktop)',
        lastSeen: '2024-03-02T10:00:00.000Z',
        signedInAt: '2024-03-01T10:00:00.000Z',
        current: true,
        aal: 'aal2',
      },
      {
        id: 'session-b',
        device: 'Unknown device',
        lastSeen: '2024-03-01T10:00:00.000Z',
        signedInAt: '2024-03-01T10:00:00.000Z',
        current: false,
        aal: 'aal1',
      },
    ]);
  });

  it('requires aal2 once a verified factor exists, whether stored as true or 1', async () => {
    const { service, accounts } = build();
    accounts.sessions.mockResolvedValue([]);
    accounts.factors.mockResolvedValue([{ id: 'f1', verified: 0 }]);
    await expect(service.assurance(alice, 'session-a')).resolves.toEqual({ current: null, required: 'aal1' });
    accounts.factors.mockResolvedValue([{ id: 'f1', verified: 1 }]);
    await expect(service.assurance(alice, 'session-a')).resolves.toEqual({ current: null, required: 'aal2' });
    await expect(service.factors(alice)).resolves.toEqual([{ id: 'f1', type: 'totp', verified: true }]);
  });

  it('answers not found for a session that is not the user’s', async () => {
    const { service, accounts } = build();
    accounts.deleteSession.mockResolvedValue(false);
    await expect(service.revokeSession(alice, 'session-x')).rejects.toBeInstanceOf(NotFoundError);
    expect(accounts.deleteSession).toHaveBeenCalledWith(alice.id, 'session-x');
  });

  it('previews what goes, what is left and what passes to the longest-standing admin', async () => {
    const { service, accounts } = build();
    withOrganizations(accounts);
    await expect(service.deletionPreview(alice)).resolves.toEqual({
      deleted: [{ id: 'solo', name: 'SOLO', websites: 2, subscription: true }],
      left: [{ id: 'club', name: 'CLUB', role: 'viewer' }],
      transfers: [{ id: 'team', name: 'TEAM', to: 'carol@example.com' }],
      blocked: [],
    });
  });

  it('refuses to delete while an organization would need a handover the user did not confirm', async () => {
    const { service, accounts, billing, websites } = build();
    withOrganizations(accounts);
    await expect(service.deleteAccount(alice)).rejects.toBeInstanceOf(ValidationError);
    expect(billing.cancelBeforeDeletion).not.toHaveBeenCalled();
    expect(websites.remove).not.toHaveBeenCalled();
    expect(accounts.deleteAccount).not.toHaveBeenCalled();
  });

  it('cancels, removes the websites of, and deletes only the organizations the user alone makes up', async () => {
    const { service, accounts, billing, websites } = build();
    withOrganizations(accounts);
    accounts.websitesOf.mockResolvedValue(['site-1', 'site-2']);
    accounts.deleteAccount.mockResolvedValue(true);
    await service.deleteAccount(alice, { transferOwnership: true });
    expect(billing.cancelBeforeDeletion).toHaveBeenCalledTimes(1);
    expect(billing.cancelBeforeDeletion).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'solo', stripe_subscription_id: 'sub_1', liveSubscription: true }),
    );
    expect(accounts.websitesOf).toHaveBeenCalledWith(['solo']);
    expect(websites.remove.mock.calls).toEqual([
      [alice, 'site-1'],
      [alice, 'site-2'],
    ]);
    expect(accounts.deleteAccount).toHaveBeenCalledWith(alice.id, {
      remove: ['solo'],
      transfers: [{ organizationId: 'team', userId: 'carol' }],
    });
  });

  it('answers a conflict when the members changed before the deletion ran', async () => {
    const { service, accounts } = build();
    accounts.organizations.mockResolvedValue([org('solo')]);
    accounts.membersAlongside.mockResolvedValue([member('solo', alice.id, 'owner', '2024-01-01T00:00:00Z')]);
    accounts.websitesOf.mockResolvedValue([]);
    accounts.deleteAccount.mockResolvedValue(false);
    await expect(service.deleteAccount(alice)).rejects.toBeInstanceOf(ConflictError);
  });
});
