import type { AccountDeletionPreview } from '@ocx/contracts';
import { type MemberRole, planAccountDeletion, refuseAccountDeletion } from '@ocx/core';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { AccountRepository } from '../../storage/accounts/account.repository';
import { type BillingService, hasLiveSubscription } from '../billing/billing.service';
import { parseUserAgent } from '../ingest/user-agent';
import type { CurrentUser } from '../platform/access';
import type { WebsiteService } from '../websites/website.service';

interface ActiveSession {
  id: string;
  /** e.g. 'Firefox on Linux (desktop)'; 'Unknown device' without a user agent. */
  device: string;
  lastSeen: string;
  signedInAt: string;
  current: boolean;
  aal: 'aal1' | 'aal2';
}

/** The signed-in user's own account: sessions, factors, sign-in methods, deletion. */
export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly websites: Pick<WebsiteService, 'remove'>,
    private readonly billing: Pick<BillingService, 'cancelBeforeDeletion'>,
  ) {}

  /** Unexpired sessions, most recently used first; `current` marks the one asking. */
  async sessions(user: CurrentUser, currentSessionId: string | null): Promise<ActiveSession[]> {
    const now = Date.now();
    return (await this.accounts.sessions(user.id))
      .filter((s) => Date.parse(s.expiresAt) > now)
      .map((s) => ({
        id: s.id,
        device: describeDevice(s.userAgent),
        lastSeen: s.updatedAt,
        signedInAt: s.createdAt,
        current: s.id === currentSessionId,
        aal: s.aal === 'aal2' ? 'aal2' : 'aal1',
      }));
  }

  /**
   * The session's assurance level and the one the user needs (spec §4): aal2 once a verified
   * factor exists. `current` is null when the session is gone.
   */
  async assurance(
    user: CurrentUser,
    sessionId: string | null,
  ): Promise<{ current: 'aal1' | 'aal2' | null; required: 'aal1' | 'aal2' }> {
    const [sessions, factors] = await Promise.all([this.sessions(user, sessionId), this.factors(user)]);
    return {
      current: sessions.find((s) => s.current)?.aal ?? null,
      required: factors.some((f) => f.verified) ? 'aal2' : 'aal1',
    };
  }

  /** Signs one of the user's own sessions out; any other id is not found. */
  async revokeSession(user: CurrentUser, id: string): Promise<void> {
    if (!(await this.accounts.deleteSession(user.id, id))) throw new NotFoundError('Session not found');
  }

  /** Second factors; only verified ones count (spec §4). */
  async factors(user: CurrentUser): Promise<{ id: string; type: 'totp'; verified: boolean }[]> {
    return (await this.accounts.factors(user.id)).map((f) => ({
      id: f.id,
      type: 'totp',
      verified: f.verified === true || f.verified === 1,
    }));
  }

  /** How the user signs in: 'credential' (password) and any linked OAuth/OIDC provider. */
  async linkedProviders(user: CurrentUser): Promise<{ providerId: string; linkedAt: string }[]> {
    return (await this.accounts.signInMethods(user.id)).map((a) => ({
      providerId: a.providerId,
      linkedAt: a.createdAt,
    }));
  }

  /** What deleting the account would do to each of the user's organizations (the dialog shows it). */
  async deletionPreview(user: CurrentUser): Promise<AccountDeletionPreview> {
    const { plan, organizations } = await this.deletionPlan(user);
    const pick = (ids: string[]) => organizations.filter((o) => ids.includes(o.id));
    return {
      deleted: pick(plan.remove).map((o) => ({
        id: o.id,
        name: o.name,
        websites: o.websites,
        subscription: o.liveSubscription,
      })),
      left: pick(plan.leave).map((o) => ({ id: o.id, name: o.name, role: o.role })),
      transfers: plan.transfer.map((t) => ({ id: t.organizationId, name: t.name, to: t.to.email })),
      blocked: plan.blocked.map((b) => ({ id: b.organizationId, name: b.name })),
    };
  }

  /**
   * Deletes the account and only what is the user's own: organizations they alone make up go with
   * their websites and events (a live subscription cancelled with Stripe first); they leave every
   * other organization, which stays with its websites. One they alone own with other members is
   * refused (400) unless `transferOwnership` passes it to its longest-standing admin.
   */
  async deleteAccount(user: CurrentUser, options: { transferOwnership?: boolean } = {}): Promise<void> {
    const { plan, organizations } = await this.deletionPlan(user);
    const refusal = refuseAccountDeletion(plan, options.transferOwnership === true);
    if (refusal) throw new ValidationError(refusal);
    for (const org of organizations.filter((o) => plan.remove.includes(o.id)))
      await this.billing.cancelBeforeDeletion(org);
    // As deleting a website does: its events in every store, rollups and caches go too.
    for (const id of await this.accounts.websitesOf(plan.remove)) await this.websites.remove(user, id);
    const deleted = await this.accounts.deleteAccount(user.id, {
      remove: plan.remove,
      transfers: plan.transfer.map((t) => ({ organizationId: t.organizationId, userId: t.to.userId })),
    });
    if (!deleted)
      throw new ConflictError(
        'The members of your organizations changed meanwhile. Look again, then delete the account.',
      );
  }

  private async deletionPlan(user: CurrentUser) {
    const [rows, members] = await Promise.all([
      this.accounts.organizations(user.id),
      this.accounts.membersAlongside(user.id),
    ]);
    const plan = planAccountDeletion(
      user.id,
      rows.map((o) => ({
        organizationId: o.id,
        name: o.name,
        members: members
          .filter((m) => m.organizationId === o.id)
          .map((m) => ({ userId: m.userId, email: m.email, role: toRole(m.role), joinedAt: m.joinedAt })),
      })),
    );
    const organizations = rows.map((o) => ({
      ...o,
      role: toRole(members.find((m) => m.organizationId === o.id && m.userId === user.id)?.role ?? ''),
      liveSubscription: hasLiveSubscription(o),
    }));
    return { plan, organizations };
  }
}

function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os, deviceType } = parseUserAgent(userAgent);
  const name = [browser, os].filter(Boolean).join(' on ') || 'Unknown browser';
  return `${name} (${deviceType ?? 'desktop'})`;
}

const toRole = (role: string): MemberRole => (role === 'owner' || role === 'admin' ? role : 'viewer');
