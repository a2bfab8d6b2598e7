import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_MESSAGES as M, refuseMembershipChange } from './membership-rules';

const forbidden = (message: string) => ({ reason: 'forbidden', message });
const invalid = (message: string) => ({ reason: 'invalid', message });

describe('membership rules', () => {
  it('refuses a viewer every change to another member (403), whatever the roles', () => {
    expect(
      refuseMembershipChange({ kind: 'role', actor: 'viewer', target: 'viewer', role: 'admin', owners: 1 }),
    ).toEqual(forbidden(M.viewer));
    expect(refuseMembershipChange({ kind: 'remove', actor: 'viewer', target: 'viewer', owners: 2 })).toEqual(
      forbidden(M.viewer),
    );
  });

  it('lets owners and admins change and remove admins and viewers', () => {
    expect(
      refuseMembershipChange({ kind: 'role', actor: 'admin', target: 'viewer', role: 'admin', owners: 1 }),
    ).toBeNull();
    expect(
      refuseMembershipChange({ kind: 'role', actor: 'owner', target: 'admin', role: 'viewer', owners: 1 }),
    ).toBeNull();
    expect(refuseMembershipChange({ kind: 'remove', actor: 'admin', target: 'admin', owners: 1 })).toBeNull();
    expect(
      refuseMembershipChange({ kind: 'remove', actor: 'owner', target: 'viewer', owners: 1 }),
    ).toBeNull();
  });

  it('keeps an owner out of an admin’s reach: no removing, demoting or making owners', () => {
    expect(refuseMembershipChange({ kind: 'remove', actor: 'admin', target: 'owner', owners: 2 })).toEqual(
      forbidden(M.ownerOnly),
    );
    expect(
      refuseMembershipChange({ kind: 'role', actor: 'admin', target: 'owner', role: 'admin', owners: 2 }),
    ).toEqual(forbidden(M.ownerOnly));
    expect(
      refuseMembershipChange({ kind: 'role', actor: 'admin', target: 'viewer', role: 'owner', owners: 1 }),
    ).toEqual(forbidden(M.ownerOnly));
  });

  it('never lets the last owner be removed, demoted or leave (400), but one of two may', () => {
    expect(refuseMembershipChange({ kind: 'remove', actor: 'owner', target: 'owner', owners: 1 })).toEqual(
      invalid(M.lastOwnerRemoved),
    );
    expect(
      refuseMembershipChange({ kind: 'role', actor: 'owner', target: 'owner', role: 'viewer', owners: 1 }),
    ).toEqual(invalid(M.lastOwnerDemoted));
    expect(refuseMembershipChange({ kind: 'leave', target: 'owner', owners: 1 })).toEqual(
      invalid(M.lastOwnerLeaves),
    );
    expect(refuseMembershipChange({ kind: 'leave', target: 'owner', owners: 2 })).toBeNull();
    expect(refuseMembershipChange({ kind: 'remove', actor: 'owner', target: 'owner', owners: 2 })).toBeNull();
    expect(
      refuseMembershipChange({ kind: 'role', actor: 'owner', target: 'owner', role: 'owner', owners: 1 }),
    ).toBeNull();
  });

  it('lets any admin or viewer leave', () => {
    expect(refuseMembershipChange({ kind: 'leave', target: 'viewer', owners: 1 })).toBeNull();
    expect(refuseMembershipChange({ kind: 'leave', target: 'admin', owners: 1 })).toBeNull();
  });
});
