import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELETION_MESSAGES as M,
  type OrganizationMemberRecord,
  planAccountDeletion,
  refuseAccountDeletion,
} from './account-deletion-rules';
import type { MemberRole } from './membership-rules';

const member = (userId: string, role: MemberRole, joinedAt = 0): OrganizationMemberRecord => ({
  userId,
  email: `${userId}@example.com`,
  role,
  joinedAt,
});
const org = (organizationId: string, ...members: OrganizationMemberRecord[]) => ({
  organizationId,
  name: organizationId.toUpperCase(),
  members,
});

describe('account deletion rules', () => {
  it('deletes an organization only when the user is all of it', () => {
    const plan = planAccountDeletion('me', [org('solo', member('me', 'owner'))]);
    expect(plan).toEqual({ remove: ['solo'], leave: [], transfer: [], blocked: [] });
    expect(refuseAccountDeletion(plan, false)).toBeNull();
  });

  it('leaves organizations where the user is a viewer, an admin, or one of several owners', () => {
    const plan = planAccountDeletion('me', [
      org('viewed', member('alice', 'owner'), member('me', 'viewer')),
      org('admined', member('alice', 'owner'), member('me', 'admin')),
      org('shared', member('alice', 'owner'), member('me', 'owner'), member('bob', 'viewer')),
    ]);
    expect(plan).toEqual({ remove: [], leave: ['viewed', 'admined', 'shared'], transfer: [], blocked: [] });
    expect(refuseAccountDeletion(plan, false)).toBeNull();
  });

  it('passes a sole-owned organization with members to its longest-standing admin, once confirmed', () => {
    const plan = planAccountDeletion('me', [
      org(
        'acme',
        member('me', 'owner', 1),
        member('late', 'admin', 30),
        member('viewer', 'viewer', 5),
        member('early', 'admin', 10),
      ),
    ]);
    expect(plan.transfer).toEqual([
      { organizationId: 'acme', name: 'ACME', to: member('early', 'admin', 10) },
    ]);
    expect(refuseAccountDeletion(plan, false)).toBe(M.transfer(['ACME']));
    expect(refuseAccountDeletion(plan, true)).toBeNull();
  });

  it('refuses, confirmed or not, while a sole-owned organization has members but no admin', () => {
    const plan = planAccountDeletion('me', [
      org('acme', member('me', 'owner'), member('v', 'viewer')),
      org('beta', member('me', 'owner'), member('a', 'admin')),
    ]);
    expect(plan.blocked).toEqual([{ organizationId: 'acme', name: 'ACME' }]);
    expect(refuseAccountDeletion(plan, true)).toBe(M.noAdmin(['ACME']));
    expect(refuseAccountDeletion(plan, false)).toBe(`${M.noAdmin(['ACME'])} ${M.transfer(['BETA'])}`);
  });

  it('names every organization in the message', () => {
    expect(M.transfer(['A', 'B', 'C'])).toMatch(
      /^You are the only owner of "A", "B" and "C", which have other members\./,
    );
    expect(M.noAdmin(['A'])).toMatch(/^You are the only owner of "A", which has other members but no admin/);
  });
});
