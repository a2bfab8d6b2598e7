import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, GoalTable } from '../../db/schema';

export type GoalRow = Selectable<GoalTable>;

/** Callers check website ownership first; goals are addressed through their website. */
export class GoalRepository {
  constructor(private readonly db: Kysely<DB>) {}

  listByWebsites(websiteIds: string[]): Promise<GoalRow[]> {
    if (websiteIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('goal')
      .selectAll()
      .where('website_id', 'in', websiteIds)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  async insert(row: Insertable<GoalTable>): Promise<void> {
    await this.db.insertInto('goal').values(row).execute();
  }

  byId(websiteId: string, goalId: string): Promise<GoalRow | undefined> {
    return this.db
      .selectFrom('goal')
      .selectAll()
      .where('id', '=', goalId)
      .where('website_id', '=', websiteId)
      .executeTakeFirst();
  }

  /** True when the website has the goal (and it changed). */
  async update(websiteId: string, goalId: string, changes: Updateable<GoalTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('goal')
      .set(changes)
      .where('id', '=', goalId)
      .where('website_id', '=', websiteId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(websiteId: string, goalId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('goal')
      .where('id', '=', goalId)
      .where('website_id', '=', websiteId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
