import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, OrganizationTable } from '../../db/schema';

export type OrganizationRow = Selectable<OrganizationTable>;

export class OrganizationRepository {
  constructor(private readonly db: Kysely<DB>) {}

  findByOwner(userId: string): Promise<OrganizationRow | undefined> {
    return this.db
      .selectFrom('organization')
      .selectAll()
      .where('owner_user_id', '=', userId)
      .executeTakeFirst();
  }

  /** One organization per owner: a second call for the same user changes nothing. */
  async insertIfMissing(row: Insertable<OrganizationTable>): Promise<void> {
    await this.db
      .insertInto('organization')
      .values(row)
      .onConflict((oc) => oc.column('owner_user_id').doNothing())
      .execute();
  }
}
