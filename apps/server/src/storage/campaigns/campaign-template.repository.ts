import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { CampaignTemplateTable, DB } from '../../db/schema';

export type CampaignTemplateRow = Selectable<CampaignTemplateTable>;

/** Spec §7: the website's own templates plus the defaults, ordered by name. */
export class CampaignTemplateRepository {
  constructor(private readonly db: Kysely<DB>) {}

  list(websiteId: string, filter: { category?: string; network?: string }): Promise<CampaignTemplateRow[]> {
    let query = this.db
      .selectFrom('campaign_template')
      .selectAll()
      .where((eb) => eb.or([eb('website_id', '=', websiteId), eb('is_default', '=', 1)]));
    if (filter.category) query = query.where('category', '=', filter.category);
    if (filter.network) query = query.where('network', '=', filter.network);
    return query.orderBy('name', 'asc').orderBy('id', 'asc').execute();
  }

  /** A template the website may see: its own or a default one. */
  find(websiteId: string, id: string): Promise<CampaignTemplateRow | undefined> {
    return this.db
      .selectFrom('campaign_template')
      .selectAll()
      .where('id', '=', id)
      .where((eb) => eb.or([eb('website_id', '=', websiteId), eb('is_default', '=', 1)]))
      .executeTakeFirst();
  }

  async insert(row: Insertable<CampaignTemplateTable>): Promise<void> {
    await this.db.insertInto('campaign_template').values(row).execute();
  }

  /** Only the website's own, never a default one. */
  async update(websiteId: string, id: string, changes: Updateable<CampaignTemplateTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('campaign_template')
      .set(changes)
      .where('website_id', '=', websiteId)
      .where('is_default', '=', 0)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(websiteId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('campaign_template')
      .where('website_id', '=', websiteId)
      .where('is_default', '=', 0)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
