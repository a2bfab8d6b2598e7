import type { Insertable, Kysely } from 'kysely';
import type { DB, OrganizationInvitationTable } from '../../db/schema';
import { type StoredInvitation, toStoredInvitation } from './invitation.mapper';
import type { MemberRole } from './organization.repository';

export type { StoredInvitation } from './invitation.mapper';
export type InvitationWithOrganization = StoredInvitation & { organization_name: string };

/** Pending invitations by email; the membership replaces one when it is accepted. */
export class InvitationRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** One pending invitation per organization and address: inviting again renews its token, role and expiry. */
  async upsert(
    row: Insertable<OrganizationInvitationTable> & { created_at: string; expires_at: string },
  ): Promise<StoredInvitation> {
    const stored = await this.db
      .insertInto('organization_invitation')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['organization_id', 'email']).doUpdateSet({
          role: row.role,
          token_hash: row.token_hash,
          invited_by: row.invited_by,
          expires_at: row.expires_at,
          created_at: row.created_at,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return toStoredInvitation(stored);
  }

  async listByOrganization(organizationId: string): Promise<StoredInvitation[]> {
    const rows = await this.db
      .selectFrom('organization_invitation')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toStoredInvitation);
  }

  /** Deletes an invitation of this organization (never another's); false when there was none. */
  async delete(organizationId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('organization_invitation')
      .where('organization_id', '=', organizationId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async findByTokenHash(tokenHash: string): Promise<InvitationWithOrganization | undefined> {
    const row = await this.db
      .selectFrom('organization_invitation as i')
      .innerJoin('organization as o', 'o.id', 'i.organization_id')
      .selectAll('i')
      .select('o.name as organization_name')
      .where('i.token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && toStoredInvitation(row);
  }

  /** Whether the user proved their address (better-auth's `emailVerified`: 0/1 on SQLite, a boolean on PostgreSQL). */
  async emailVerified(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', userId)
      .executeTakeFirst();
    return Boolean(row?.emailVerified);
  }

  /**
   * The invitation becomes a membership in one transaction: someone already a member keeps their
   * role, and the invitation is gone either way. False when it was accepted or revoked meanwhile.
   */
  async accept(
    invitation: Pick<StoredInvitation, 'id' | 'organization_id'>,
    userId: string,
    role: MemberRole,
    now: string,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('organization_invitation')
        .where('id', '=', invitation.id)
        .executeTakeFirst();
      if (deleted.numDeletedRows === 0n) return false;
      await trx
        .insertInto('organization_member')
        .values({ organization_id: invitation.organization_id, user_id: userId, role, created_at: now })
        .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
        .execute();
      return true;
    });
  }
}
