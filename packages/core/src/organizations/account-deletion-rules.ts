import type { MemberRole } from './membership-rules';

/** A member of one of the deleting user's organizations, the user included. */
export interface OrganizationMemberRecord {
  userId: string;
  email: string;
  role: MemberRole;
  /** When they joined (ms); the earliest admin is the longest-standing one. */
  joinedAt: number;
}

/** One organization the deleting user belongs to, with everyone in it. */
export interface DeletionMembership {
  organizationId: string;
  name: string;
  members: OrganizationMemberRecord[];
}

/** What deleting an account does to each of the user's organizations. */
export interface AccountDeletionPlan {
  /** Organizations made up of the user alone: deleted with their websites and events. */
  remove: string[];
  /** Organizations the user leaves (a viewer, an admin, or one of several owners): they stay. */
  leave: string[];
  /** Organizations the user alone owns with other members: ownership can pass to their longest-standing admin. */
  transfer: { organizationId: string; name: string; to: OrganizationMemberRecord }[];
  /** Organizations the user alone owns with other members but no admin: the deletion waits. */
  blocked: { organizationId: string; name: string }[];
}

/**
 * An account's deletion takes only what is the user's own: an organization goes only when the user
 * is all of it; they simply leave one with another owner; one they alone own with other members
 * stays, once ownership passes on (to the admin who joined first, when the user confirms).
 */
export function planAccountDeletion(userId: string, memberships: DeletionMembership[]): AccountDeletionPlan {
  const plan: AccountDeletionPlan = { remove: [], leave: [], transfer: [], blocked: [] };
  for (const { organizationId, name, members } of memberships) {
    const me = members.find((m) => m.userId === userId);
    const others = members.filter((m) => m.userId !== userId);
    if (me?.role !== 'owner' || others.some((m) => m.role === 'owner')) plan.leave.push(organizationId);
    else if (others.length === 0) plan.remove.push(organizationId);
    else {
      const to = longestStandingAdmin(others);
      if (to) plan.transfer.push({ organizationId, name, to });
      else plan.blocked.push({ organizationId, name });
    }
  }
  return plan;
}

function longestStandingAdmin(members: OrganizationMemberRecord[]): OrganizationMemberRecord | undefined {
  return members
    .filter((m) => m.role === 'admin')
    .sort((a, b) => a.joinedAt - b.joinedAt || a.userId.localeCompare(b.userId))[0];
}

/** "Acme", "Acme" and "Beta", "Acme", "Beta" and "Gamma". */
function nameList(names: string[]): string {
  const quoted = names.map((n) => `"${n}"`);
  return quoted.length < 2 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

const has = (names: string[]) => (names.length === 1 ? 'has' : 'have');

export const ACCOUNT_DELETION_MESSAGES = {
  transfer: (names: string[]) =>
    `You are the only owner of ${nameList(names)}, which ${has(names)} other members. Make another member an owner first, or confirm that ownership passes to the longest-standing admin.`,
  noAdmin: (names: string[]) =>
    `You are the only owner of ${nameList(names)}, which ${has(names)} other members but no admin to pass ownership to. Make a member an owner, or remove the other members first.`,
} as const;

/**
 * Why the account cannot be deleted as asked, or null: an organization without an admin to take it
 * over always waits; one with an admin waits until the user confirms the handover.
 */
export function refuseAccountDeletion(plan: AccountDeletionPlan, transferOwnership: boolean): string | null {
  const refusals = [
    plan.blocked.length > 0 ? ACCOUNT_DELETION_MESSAGES.noAdmin(plan.blocked.map((o) => o.name)) : null,
    plan.transfer.length > 0 && !transferOwnership
      ? ACCOUNT_DELETION_MESSAGES.transfer(plan.transfer.map((o) => o.name))
      : null,
  ].filter((m): m is string => m !== null);
  return refusals.length > 0 ? refusals.join(' ') : null;
}
