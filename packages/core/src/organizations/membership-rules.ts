/** A member's role in an organization: owners and admins manage it, viewers only read. */
export type MemberRole = 'owner' | 'admin' | 'viewer';

/** A change to someone's membership, with what the rules need to know about it. */
export type MembershipChange =
  /** `actor` sets `target`'s role to `role`. */
  | { kind: 'role'; actor: MemberRole; target: MemberRole; role: MemberRole; owners: number }
  /** `actor` removes a member whose role is `target`. */
  | { kind: 'remove'; actor: MemberRole; target: MemberRole; owners: number }
  /** A member whose role is `target` leaves. */
  | { kind: 'leave'; target: MemberRole; owners: number };

/** Why a change is refused: the actor's role does not allow it (403), or the organization would break (400). */
export interface MembershipRefusal {
  reason: 'forbidden' | 'invalid';
  message: string;
}

export const MEMBERSHIP_MESSAGES = {
  viewer: 'Viewers cannot change the members of this organization',
  ownerOnly: 'Only an owner can change or remove an owner',
  lastOwnerRemoved: 'The last owner cannot be removed. Make another member an owner first.',
  lastOwnerDemoted: 'The last owner cannot be given another role. Make another member an owner first.',
  lastOwnerLeaves: 'The last owner cannot leave the organization. Make another member an owner first.',
} as const;

/**
 * Whether a membership change may happen: viewers change nobody, only owners touch an owner's place
 * (or make someone an owner), and every organization keeps at least one owner. `owners` counts the
 * owners before the change. Null when the change is allowed.
 */
export function refuseMembershipChange(change: MembershipChange): MembershipRefusal | null {
  if (change.kind !== 'leave') {
    if (change.actor === 'viewer') return { reason: 'forbidden', message: MEMBERSHIP_MESSAGES.viewer };
    const touchesOwner = change.target === 'owner' || (change.kind === 'role' && change.role === 'owner');
    if (touchesOwner && change.actor !== 'owner')
      return { reason: 'forbidden', message: MEMBERSHIP_MESSAGES.ownerOnly };
  }
  const losesOwner = change.target === 'owner' && (change.kind !== 'role' || change.role !== 'owner');
  if (losesOwner && change.owners <= 1) {
    const message = {
      role: MEMBERSHIP_MESSAGES.lastOwnerDemoted,
      remove: MEMBERSHIP_MESSAGES.lastOwnerRemoved,
      leave: MEMBERSHIP_MESSAGES.lastOwnerLeaves,
    }[change.kind];
    return { reason: 'invalid', message };
  }
  return null;
}
