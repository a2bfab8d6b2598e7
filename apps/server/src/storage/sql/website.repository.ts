import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, WebsiteTable } from '../../db/schema';

export type WebsiteRow = Selectable<WebsiteTable>;

/** Every read and write is scoped to the owning user: another user's id simply finds nothing. */
export class WebsiteRepository {
  constructor(private readonly db: Kysely<DB>) {}

  listByUser(userId: string): Promise<WebsiteRow[]> {
    return this.db
      .selectFrom('website')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  findForUser(userId: string, id: string): Promise<WebsiteRow | undefined> {
    return this.db
      .selectFrom('website')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Unscoped: for the public ingestion path, which knows a website only by its id. */
  findById(id: string): Promise<WebsiteRow | undefined> {
    return this.db.selectFrom('website').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: Insertable<WebsiteTable>): Promise<void> {
    await this.db.insertInto('website').values(row).execute();
  }

  async updateForUser(userId: string, id: string, changes: Updateable<WebsiteTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('website')
      .set(changes)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async deleteForUser(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('website')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
