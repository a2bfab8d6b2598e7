import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, LandingPageTable } from '../../db/schema';

export type LandingPageRow = Selectable<LandingPageTable>;

/** Callers check website ownership first; landing pages are addressed through their website. */
export class LandingPageRepository {
  constructor(private readonly db: Kysely<DB>) {}

  listByWebsite(websiteId: string): Promise<LandingPageRow[]> {
    return this.db
      .selectFrom('landing_page')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  find(websiteId: string, id: string): Promise<LandingPageRow | undefined> {
    return this.db
      .selectFrom('landing_page')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(row: Insertable<LandingPageTable>): Promise<void> {
    await this.db.insertInto('landing_page').values(row).execute();
  }

  async delete(websiteId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('landing_page')
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
