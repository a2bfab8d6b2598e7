import type { Kysely, Selectable } from 'kysely';
import type { DB, LandingPageTable } from '../../db/schema';
import { toIso } from '../../db/sql-values';

/** A landing page as saved; its URL and figures come from its website (landing-page.service.ts). */
export interface StoredLandingPage {
  id: string;
  websiteId: string;
  name: string;
  /** Parts of letters, digits, '-' and '_' with '/' between them, after the root domain; empty for the home page. */
  path: string;
  description: string;
  createdAt: string;
}

/** Callers check website ownership first; landing pages are addressed through their website. */
export class LandingPageRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async listByWebsite(websiteId: string): Promise<StoredLandingPage[]> {
    const rows = await this.db
      .selectFrom('landing_page')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toLandingPage);
  }

  async find(websiteId: string, id: string): Promise<StoredLandingPage | undefined> {
    const row = await this.db
      .selectFrom('landing_page')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toLandingPage(row);
  }

  async insert(page: StoredLandingPage & { updatedAt: string }): Promise<void> {
    await this.db
      .insertInto('landing_page')
      .values({
        id: page.id,
        website_id: page.websiteId,
        name: page.name,
        path: page.path,
        description: page.description,
        created_at: page.createdAt,
        updated_at: page.updatedAt,
      })
      .execute();
  }

  /** False when the website has no such landing page. */
  async update(
    websiteId: string,
    id: string,
    fields: { name: string; path: string; description: string; updatedAt: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('landing_page')
      .set({
        name: fields.name,
        path: fields.path,
        description: fields.description,
        updated_at: fields.updatedAt,
      })
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
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

export function toLandingPage(row: Selectable<LandingPageTable>): StoredLandingPage {
  return {
    id: row.id,
    websiteId: row.website_id,
    name: row.name,
    path: row.path,
    description: row.description,
    createdAt: toIso(row.created_at),
  };
}
