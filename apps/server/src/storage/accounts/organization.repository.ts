import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, OrganizationTable } from '../../db/schema';
import { membershipCounts, membershipCountsFlag } from './membership-standing';
import { type StoredOrganization, toStoredOrganization } from './organization.mapper';

export type { StoredOrganization } from './organization.mapper';
export type MemberRole = 'owner' | 'admin' | 'viewer';
export type StoredMembership = StoredOrganization & { role: string };
/** A member as the members list shows them; `active` 0 while their address waits for verification. */
export interface MemberRow {
  user_id: string;
  email: string;
  role: string;
  active: number;
}

/** Memberships are read through membershipCounts with these aliases. */
const JOINED = { member: 'm', user: 'u', organization: 'organization' } as const;

export class OrganizationRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async findByOwner(userId: string): Promise<StoredOrganization | undefined> {
    const row = await this.db
      .selectFrom('organization')
      .selectAll()
      .where('owner_user_id', '=', userId)
      .executeTakeFirst();
    return row && toStoredOrganization(row);
  }

  async findById(id: string): Promise<StoredOrganization | undefined> {
    const row = await this.db.selectFrom('organization').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toStoredOrganization(row);
  }

  async findByCustomer(customerId: string): Promise<StoredOrganization | undefined> {
    const row = await this.db
      .selectFrom('organization')
      .selectAll()
      .where('stripe_customer_id', '=', customerId)
      .executeTakeFirst();
    return row && toStoredOrganization(row);
  }

  /**
   * The organization with the user's role in it, or undefined for a non-member (and for a member
   * whose unverified address suspends the membership).
   */
  async findForMember(userId: string, id: string): Promise<StoredMembership | undefined> {
    const row = await this.db
      .selectFrom('organization')
      .innerJoin('organization_member as m', 'm.organization_id', 'organization.id')
      .innerJoin('user as u', 'u.id', 'm.user_id')
      .selectAll('organization')
      .select('m.role')
      .where('organization.id', '=', id)
      .where('m.user_id', '=', userId)
      .where(membershipCounts(JOINED))
      .executeTakeFirst();
    return row && toStoredOrganization(row);
  }

  /** Every organization the user belongs to (suspended memberships left out), their own first. */
  async listForMember(userId: string): Promise<StoredMembership[]> {
    const rows = await this.db
      .selectFrom('organization')
      .innerJoin('organization_member as m', 'm.organization_id', 'organization.id')
      .innerJoin('user as u', 'u.id', 'm.user_id')
      .selectAll('organization')
      .select('m.role')
      .where('m.user_id', '=', userId)
      .where(membershipCounts(JOINED))
      .orderBy('organization.created_at', 'asc')
      .orderBy('organization.id', 'asc')
      .execute();
    return rows.map(toStoredOrganization);
  }

  /**
   * One organization per owner, with its owner as a member, in one transaction: a second call for
   * the same user changes nothing.
   */
  async insertIfMissing(row: Insertable<OrganizationTable> & { owner_user_id: string }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('organization')
        .values(row)
        .onConflict((oc) => oc.column('owner_user_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return;
      await trx
        .insertInto('organization_member')
        .values({
          organization_id: row.id,
          user_id: row.owner_user_id,
          role: 'owner',
          created_at: row.created_at,
        })
        .execute();
    });
  }

  findUserByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
    return this.db
      .selectFrom('user')
      .select(['id', 'email'])
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }

  /** Whether the user proved their address (an unproven one may not mail invitations). */
  async emailVerified(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', userId)
      .executeTakeFirst();
    return Boolean(row?.emailVerified);
  }

  /** Every member, suspended ones too (`active` 0: they wait for verification). */
  listMembers(organizationId: string): Promise<MemberRow[]> {
    return this.db
      .selectFrom('organization_member as m')
      .innerJoin('user as u', 'u.id', 'm.user_id')
      .innerJoin('organization', 'organization.id', 'm.organization_id')
      .select(['m.user_id', 'u.email', 'm.role', membershipCountsFlag(JOINED).as('active')])
      .where('m.organization_id', '=', organizationId)
      .orderBy((eb) => eb.case().when('m.role', '=', 'owner').then(0).else(1).end())
      .orderBy('m.created_at', 'asc')
      .execute();
  }

  /** One member (suspended or not), or undefined when the user is not a member. */
  findMember(organizationId: string, userId: string): Promise<MemberRow | undefined> {
    return this.db
      .selectFrom('organization_member as m')
      .innerJoin('user as u', 'u.id', 'm.user_id')
      .innerJoin('organization', 'organization.id', 'm.organization_id')
      .select(['m.user_id', 'u.email', 'm.role', membershipCountsFlag(JOINED).as('active')])
      .where('m.organization_id', '=', organizationId)
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * The owners whose membership counts: an owner waiting for verification cannot act for the
   * organization, so it never keeps the last-owner rule satisfied.
   */
  async countOwners(organizationId: string): Promise<number> {
    const row = await this.db
      .selectFrom('organization_member as m')
      .innerJoin('user as u', 'u.id', 'm.user_id')
      .innerJoin('organization', 'organization.id', 'm.organization_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('m.organization_id', '=', organizationId)
      .where('m.role', '=', 'owner')
      .where(membershipCounts(JOINED))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async setMemberRole(organizationId: string, userId: string, role: MemberRole): Promise<void> {
    await this.db
      .updateTable('organization_member')
      .set({ role })
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute();
  }

  async deleteMember(organizationId: string, userId: string): Promise<void> {
    await this.db
      .deleteFrom('organization_member')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute();
  }

  async countWebsites(organizationId: string): Promise<number> {
    const row = await this.db
      .selectFrom('website')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Events of all the organization's websites in [from, to) (UTC day starts), from the UTC-day rollup. */
  async eventsBetween(organizationId: string, from: number, to: number): Promise<number> {
    const row = await this.db
      .selectFrom('dash_event_day')
      .innerJoin('website', 'website.id', 'dash_event_day.website_id')
      .select((eb) => eb.fn.sum<number | string | null>('dash_event_day.events').as('n'))
      .where('website.organization_id', '=', organizationId)
      .where('dash_event_day.day', '>=', from)
      .where('dash_event_day.day', '<', to)
      .executeTakeFirstOrThrow();
    return Number(row.n ?? 0);
  }

  /** Sets the Stripe customer once; a concurrent checkout that set it first wins. */
  async setCustomerIfMissing(id: string, customerId: string): Promise<void> {
    await this.db
      .updateTable('organization')
      .set({ stripe_customer_id: customerId })
      .where('id', '=', id)
      .where('stripe_customer_id', 'is', null)
      .execute();
  }

  /**
   * Applies a Stripe event's changes unless a later event was applied already: events may arrive
   * in any order, and an older one never moves the subscription backwards. False when skipped.
   */
  async applyBillingEvent(
    id: string,
    eventCreated: number,
    changes: Updateable<OrganizationTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('organization')
      .set({ ...changes, billing_event_at: eventCreated })
      .where('id', '=', id)
      .where('billing_event_at', '<=', eventCreated)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * The organization stops being the user's home organization (they left it or were removed): a
   * user's own organization is one they belong to, and the next one they need is made afresh.
   */
  async releaseHome(organizationId: string, userId: string): Promise<void> {
    await this.db
      .updateTable('organization')
      .set({ owner_user_id: null })
      .where('id', '=', organizationId)
      .where('owner_user_id', '=', userId)
      .execute();
  }
}
