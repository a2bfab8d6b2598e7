import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, WebsiteTable } from '../../db/schema';
import { membershipCounts } from '../accounts/membership-standing';

export type WebsiteRow = Selectable<WebsiteTable>;
/** A website with the asking user's role in its organization. */
export type MemberWebsiteRow = WebsiteRow & { member_role: string };

/**
 * Reads for a user go through membership of the website's organization: a website of an
 * organization the user is not in, or whose membership is suspended until the user verifies their
 * address, simply finds nothing. Changes come after Access allowed them.
 */
export class WebsiteRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private forMember(userId: string) {
    return this.db
      .selectFrom('website')
      .innerJoin('organization_member as m', 'm.organization_id', 'website.organization_id')
      .innerJoin('organization as o', 'o.id', 'website.organization_id')
      .innerJoin('user as u', 'u.id', 'm.user_id')
      .selectAll('website')
      .select('m.role as member_role')
      .where('m.user_id', '=', userId)
      .where(membershipCounts({ member: 'm', user: 'u', organization: 'o' }));
  }

  listByUser(userId: string): Promise<MemberWebsiteRow[]> {
    return this.forMember(userId).orderBy('website.created_at', 'asc').orderBy('website.id', 'asc').execute();
  }

  findForUser(userId: string, id: string): Promise<MemberWebsiteRow | undefined> {
    return this.forMember(userId).where('website.id', '=', id).executeTakeFirst();
  }

  /** Unscoped: for the public ingestion path, which knows a website only by its id. */
  findById(id: string): Promise<WebsiteRow | undefined> {
    return this.db.selectFrom('website').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: Insertable<WebsiteTable>): Promise<void> {
    await this.db.insertInto('website').values(row).execute();
  }

  async update(id: string, changes: Updateable<WebsiteTable>): Promise<void> {
    await this.db.updateTable('website').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('website').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
