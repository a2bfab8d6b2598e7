import { randomUUID } from 'node:crypto';
import type { BillingOverview, Member, MemberRoleChange, Organization } from '@ocx/contracts';
import {
  type BillingState,
  DAY_MS,
  limitsFor,
  MEMBERSHIP_MESSAGES,
  type MembershipChange,
  monthSpan,
  refuseMembershipChange,
  showsTrialBanner,
  TRIAL_DAYS,
  trialDaysLeft,
  websiteLimitError,
} from '@ocx/core';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type {
  MemberRow,
  OrganizationRepository,
  StoredMembership,
  StoredOrganization,
} from '../../storage/accounts/organization.repository';
import type { Access, CurrentUser } from '../platform/access';

interface OrganizationDeps {
  access: Access;
  /** Stripe configured: plans limit websites and events. Self-hosted without it, nothing is limited. */
  billingEnabled: boolean;
}

export class OrganizationService {
  constructor(
    private readonly organizations: OrganizationRepository,
    private readonly deps: OrganizationDeps,
  ) {}

  private get billingEnabled(): boolean {
    return this.deps.billingEnabled;
  }

  /** Every account starts on a 14-day trial (spec §9, docs/decisions.md#plans-and-limits) as its organization's owner. Safe to call more than once. */
  async startTrial(user: CurrentUser, now = new Date()): Promise<void> {
    await this.organizations.insertIfMissing({
      id: randomUUID(),
      name: user.email,
      owner_user_id: user.id,
      plan: 'trial',
      status: 'trialing',
      stripe_customer_id: null,
      current_period_end: null,
      trial_ends_at: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
  }

  /** The organization the user owns (created at sign-up). */
  async forUser(user: CurrentUser): Promise<Organization> {
    return toOrganization({ ...(await this.own(user)), role: 'owner' });
  }

  /** Every organization the user belongs to, with their role. */
  async list(user: CurrentUser): Promise<Organization[]> {
    await this.own(user);
    return (await this.organizations.listForMember(user.id)).map(toOrganization);
  }

  /** Plan limits in force and this calendar month's usage (events from the daily rollup). */
  async overview(user: CurrentUser, organizationId: string, now = Date.now()): Promise<BillingOverview> {
    const row = await this.deps.access.organization(user, organizationId, 'read');
    const state = billingState(row);
    const limits = limitsFor(state, this.billingEnabled, now);
    const { from, to } = monthSpan(now);
    const [events, websites] = await Promise.all([
      this.organizations.eventsBetween(row.id, from, to),
      this.organizations.countWebsites(row.id),
    ]);
    return {
      billingEnabled: this.billingEnabled,
      organization: toOrganization(row),
      limitSource: limits.source,
      trialDaysLeft: trialDaysLeft(state.trialEndsAt, now),
      showTrialBanner: showsTrialBanner(state, this.billingEnabled, now),
      usage: {
        events,
        eventsLimit: limits.eventsPerMonth,
        websites,
        websitesLimit: limits.websites,
        // Over quota, events are still accepted and stored (docs/decisions.md#plans-and-limits); the app asks to upgrade.
        overQuota: limits.eventsPerMonth !== null && events > limits.eventsPerMonth,
      },
    };
  }

  /** The organization a new website of the user goes into (their own), once the plan allows one more. */
  async placeForNewWebsite(user: CurrentUser, now = Date.now()): Promise<string> {
    const row = await this.own(user);
    const limits = limitsFor(billingState(row), this.billingEnabled, now);
    const message = websiteLimitError(limits, await this.organizations.countWebsites(row.id));
    if (message) throw new ValidationError(message);
    return row.id;
  }

  private async own(user: CurrentUser): Promise<StoredOrganization> {
    let row = await this.organizations.findByOwner(user.id);
    if (!row) {
      // Sign-up makes it with the user (migration 0016's trigger); only a row written around
      // better-auth (a script, a restore) can lack one, and then the trial starts now.
      await this.startTrial(user);
      row = await this.organizations.findByOwner(user.id);
    }
    if (!row) throw new Error(`No organization for user ${user.id}`);
    return row;
  }

  /** The organization's members, owner first, each with whether their address still waits for verification. */
  async members(user: CurrentUser, organizationId: string): Promise<Member[]> {
    await this.deps.access.organization(user, organizationId, 'read');
    return (await this.organizations.listMembers(organizationId)).map(toMember);
  }

  /**
   * An owner or admin gives a member another role; only an owner makes someone an owner or changes
   * an owner's role, and the organization never loses its last owner.
   */
  async changeRole(
    user: CurrentUser,
    organizationId: string,
    memberId: string,
    input: MemberRoleChange,
  ): Promise<Member> {
    const { actor, target } = await this.memberChange(user, organizationId, memberId);
    await this.checkChange(
      organizationId,
      { kind: 'role', actor, target: toRole(target.role), role: input.role },
      target,
    );
    await this.organizations.setMemberRole(organizationId, memberId, input.role);
    return toMember({ ...target, role: input.role });
  }

  /** An owner or admin removes a member; the last owner stays. */
  async removeMember(user: CurrentUser, organizationId: string, memberId: string): Promise<void> {
    const { actor, target } = await this.memberChange(user, organizationId, memberId);
    await this.checkChange(organizationId, { kind: 'remove', actor, target: toRole(target.role) }, target);
    await this.organizations.deleteMember(organizationId, memberId);
    await this.organizations.releaseHome(organizationId, memberId);
  }

  /**
   * The user leaves an organization they belong to, unless they are its last owner. Leaving the one
   * they founded, they get a fresh organization of their own when they next need one.
   */
  async leave(user: CurrentUser, organizationId: string): Promise<void> {
    const row = await this.deps.access.organization(user, organizationId, 'read');
    await this.checkChange(organizationId, { kind: 'leave', target: toRole(row.role) });
    await this.organizations.deleteMember(organizationId, user.id);
    await this.organizations.releaseHome(organizationId, user.id);
  }

  /** The acting user's role (a non-member gets 404) and the member changed (404 when not one). */
  private async memberChange(user: CurrentUser, organizationId: string, memberId: string) {
    const row = await this.deps.access.organization(user, organizationId, 'read');
    // A viewer learns nothing about who is a member by trying.
    if (row.role === 'viewer') throw new ForbiddenError(MEMBERSHIP_MESSAGES.viewer);
    const target = await this.organizations.findMember(organizationId, memberId);
    if (!target) throw new NotFoundError('Member not found');
    return { actor: toRole(row.role), target };
  }

  /**
   * Refuses a change the membership rules forbid. Only owners in good standing are counted, so a
   * suspended co-owner never lets the last active one go; a suspended owner who is the change's
   * `target` is counted in, as the rules count the target among the owners before the change.
   */
  private async checkChange(
    organizationId: string,
    change: DistributiveOmit<MembershipChange, 'owners'>,
    target?: MemberRow,
  ): Promise<void> {
    const suspendedOwner = target?.role === 'owner' && !target.active ? 1 : 0;
    const owners = (await this.organizations.countOwners(organizationId)) + suspendedOwner;
    const refusal = refuseMembershipChange({ ...change, owners } as MembershipChange);
    if (!refusal) return;
    throw refusal.reason === 'forbidden'
      ? new ForbiddenError(refusal.message)
      : new ValidationError(refusal.message);
  }
}

function billingState(row: StoredOrganization): BillingState {
  return {
    plan: row.plan,
    status: row.status,
    trialEndsAt: row.trial_ends_at ? Date.parse(row.trial_ends_at) : null,
  };
}

function toOrganization(row: StoredMembership): Organization {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    status: row.status,
    trialEndsAt: row.trial_ends_at,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    role: toRole(row.role),
  };
}

function toMember(row: MemberRow): Member {
  return {
    userId: row.user_id,
    email: row.email,
    role: toRole(row.role),
    status: row.active ? 'active' : 'waiting_for_verification',
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const toRole = (role: string): Member['role'] => (role === 'admin' || role === 'viewer' ? role : 'owner');
