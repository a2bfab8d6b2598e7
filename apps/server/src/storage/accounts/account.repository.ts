import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import {
  type MemberAlongside,
  type StoredSession,
  type StoredSignInMethod,
  toMemberAlongside,
  toStoredSession,
  toStoredSignInMethod,
} from './account.mapper';
import { membershipCounts, membershipCountsFlag } from './membership-standing';

export type { MemberAlongside, StoredSession, StoredSignInMethod } from './account.mapper';

/** One of the user's organizations as deleting the account needs it. */
export interface AccountOrganizationRow {
  id: string;
  name: string;
  status: string;
  stripe_subscription_id: string | null;
  websites: number;
}

/** What the account's deletion does besides deleting the user: decided by the service beforehand. */
interface AccountDeletion {
  /** Organizations deleted (the user was all of them); their websites went first, with their events. */
  remove: string[];
  /** Admins who become owners of the organizations the user alone owned. */
  transfers: { organizationId: string; userId: string }[];
}

/** The organizations changed since the deletion was planned (a member came or went): nothing was deleted. */
class OrganizationsChanged extends Error {}

/** better-auth's rows about one user, read for the profile and Auth Debug; always by user id. */
export class AccountRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async sessions(userId: string): Promise<StoredSession[]> {
    const rows = await this.db
      .selectFrom('session')
      .select(['id', 'userAgent', 'aal', 'createdAt', 'updatedAt', 'expiresAt'])
      .where('userId', '=', userId)
      .orderBy('updatedAt', 'desc')
      .execute();
    return rows.map(toStoredSession);
  }

  /** Ends one of the user's sessions; false when no session of theirs has that id. */
  async deleteSession(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('session')
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  factors(userId: string) {
    return this.db.selectFrom('twoFactor').select(['id', 'verified']).where('userId', '=', userId).execute();
  }

  async signInMethods(userId: string): Promise<StoredSignInMethod[]> {
    const rows = await this.db
      .selectFrom('account')
      .select(['providerId', 'accountId', 'createdAt'])
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .execute();
    return rows.map(toStoredSignInMethod);
  }

  /** The organizations the user belongs to, oldest first, with their billing state and websites. */
  async organizations(userId: string): Promise<AccountOrganizationRow[]> {
    const rows = await this.db
      .selectFrom('organization as o')
      .innerJoin('organization_member as m', 'm.organization_id', 'o.id')
      .select(['o.id', 'o.name', 'o.status', 'o.stripe_subscription_id'])
      .select((eb) =>
        eb
          .selectFrom('website as w')
          .select(eb.fn.countAll<number | string>().as('n'))
          .whereRef('w.organization_id', '=', 'o.id')
          .as('websites'),
      )
      .where('m.user_id', '=', userId)
      .orderBy('o.created_at')
      .orderBy('o.id')
      .execute();
    return rows.map((r) => ({ ...r, websites: Number(r.websites ?? 0) }));
  }

  /**
   * Everyone in the user's organizations (the user too), with when they joined. A member still
   * waiting to verify their address is no member yet: they neither keep an organization alive nor
   * receive its ownership.
   */
  async membersAlongside(userId: string): Promise<MemberAlongside[]> {
    const rows = await this.db
      .selectFrom('organization_member as m')
      .innerJoin('user as u', 'u.id', 'm.user_id')
      .innerJoin('organization as org', 'org.id', 'm.organization_id')
      .select(['m.organization_id', 'm.user_id', 'u.email', 'm.role', 'm.created_at'])
      .where('m.organization_id', 'in', (eb) =>
        eb.selectFrom('organization_member').select('organization_id').where('user_id', '=', userId),
      )
      .where((eb) =>
        eb.or([
          eb('m.user_id', '=', userId),
          membershipCounts({ member: 'm', user: 'u', organization: 'org' }),
        ]),
      )
      .execute();
    return rows.map(toMemberAlongside);
  }

  /** The websites of these organizations. */
  async websitesOf(organizationIds: string[]): Promise<string[]> {
    if (organizationIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('website')
      .select('id')
      .where('organization_id', 'in', organizationIds)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Deletes the user in one transaction: the planned admins become owners, the organizations the
   * user was all of go, what the user made in the organizations that stay (websites, share links)
   * passes to an owner who stays, and the user row goes with their sessions, sign-in methods,
   * factors, tokens and memberships (foreign keys). False, with nothing changed, when an
   * organization that stays would be left without an owner (the members changed meanwhile).
   */
  async deleteAccount(userId: string, deletion: AccountDeletion): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const { organizationId, userId: admin } of deletion.transfers) {
          const promoted = await trx
            .updateTable('organization_member')
            .set({ role: 'owner' })
            .where('organization_id', '=', organizationId)
            .where('user_id', '=', admin)
            .where('role', '=', 'admin')
            .executeTakeFirst();
          if (promoted.numUpdatedRows !== 1n) throw new OrganizationsChanged();
        }
        if (deletion.remove.length > 0)
          await trx.deleteFrom('organization').where('id', 'in', deletion.remove).execute();
        if (await this.anyLeftWithoutOwner(trx, userId)) throw new OrganizationsChanged();
        await this.handOver(trx, userId);
        await trx
          .updateTable('organization')
          .set({ owner_user_id: null })
          .where('owner_user_id', '=', userId)
          .execute();
        await trx.deleteFrom('user').where('id', '=', userId).execute();
      });
      return true;
    } catch (error) {
      if (error instanceof OrganizationsChanged) return false;
      throw error;
    }
  }

  /** Whether an organization of the user has no other owner (after the removals, none should). */
  private async anyLeftWithoutOwner(trx: Transaction<DB>, userId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('organization_member as m')
      .select('m.organization_id')
      .where('m.user_id', '=', userId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('organization_member as o')
              .innerJoin('user as u', 'u.id', 'o.user_id')
              .innerJoin('organization as org', 'org.id', 'o.organization_id')
              .select('o.user_id')
              .whereRef('o.organization_id', '=', 'm.organization_id')
              .where('o.role', '=', 'owner')
              .where('o.user_id', '<>', userId)
              .where(membershipCounts({ member: 'o', user: 'u', organization: 'org' })),
          ),
        ),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Websites and share links the user made, in organizations that stay (theirs were removed
   * before), pass to the owner of the website's organization who joined first: the user's row
   * would otherwise take them along (their keys to "user" cascade).
   */
  private async handOver(trx: Transaction<DB>, userId: string): Promise<void> {
    await trx
      .updateTable('website')
      .set((eb) => ({
        user_id: eb
          .selectFrom('organization_member as o')
          .innerJoin('user as u', 'u.id', 'o.user_id')
          .innerJoin('organization as org', 'org.id', 'o.organization_id')
          .select('o.user_id')
          .whereRef('o.organization_id', '=', 'website.organization_id')
          .where('o.role', '=', 'owner')
          .where('o.user_id', '<>', userId)
          // An owner in good standing first; one still to verify rather than none (an organization the user left earlier).
          .orderBy(membershipCountsFlag({ member: 'o', user: 'u', organization: 'org' }), 'desc')
          .orderBy('o.created_at')
          .orderBy('o.user_id')
          .limit(1),
      }))
      .where('user_id', '=', userId)
      .execute();
    await trx
      .updateTable('share_link')
      .set((eb) => ({
        created_by: eb
          .selectFrom('website as w')
          .innerJoin('organization_member as o', 'o.organization_id', 'w.organization_id')
          .innerJoin('user as u', 'u.id', 'o.user_id')
          .innerJoin('organization as org', 'org.id', 'o.organization_id')
          .select('o.user_id')
          .whereRef('w.id', '=', 'share_link.website_id')
          .where('o.role', '=', 'owner')
          .where('o.user_id', '<>', userId)
          // An owner in good standing first; one still to verify rather than none (an organization the user left earlier).
          .orderBy(membershipCountsFlag({ member: 'o', user: 'u', organization: 'org' }), 'desc')
          .orderBy('o.created_at')
          .orderBy('o.user_id')
          .limit(1),
      }))
      .where('created_by', '=', userId)
      .execute();
  }
}
