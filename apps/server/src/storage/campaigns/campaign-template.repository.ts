import { type CampaignTemplate, TemplateCategory, type UtmParams } from '@ocx/contracts';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { CampaignTemplateTable, DB } from '../../db/schema';
import { parseJson, toIso } from '../../db/sql-values';

/** A website's own template as it is first saved (defaults come with the migrations). */
type NewTemplateRecord = Omit<CampaignTemplate, 'isDefault' | 'websiteId'> & {
  websiteId: string;
  createdAt: string;
};

/** What an edit may change; the parameters are replaced whole. */
type TemplateChanges = Partial<
  Pick<
    CampaignTemplate,
    'name' | 'description' | 'network' | 'source' | 'category' | 'utmParameters' | 'customParameters'
  >
> & { updatedAt: string };

/** Spec §7: the website's own templates plus the defaults, ordered by name. */
export class CampaignTemplateRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async list(
    websiteId: string,
    filter: { category?: string; network?: string },
  ): Promise<CampaignTemplate[]> {
    let query = this.db
      .selectFrom('campaign_template')
      .selectAll()
      .where((eb) => eb.or([eb('website_id', '=', websiteId), eb('is_default', '=', 1)]));
    if (filter.category) query = query.where('category', '=', filter.category);
    if (filter.network) query = query.where('network', '=', filter.network);
    return (await query.orderBy('name', 'asc').orderBy('id', 'asc').execute()).map(toTemplate);
  }

  /** A template the website may see: its own or a default one. */
  async find(websiteId: string, id: string): Promise<CampaignTemplate | undefined> {
    const row = await this.db
      .selectFrom('campaign_template')
      .selectAll()
      .where('id', '=', id)
      .where((eb) => eb.or([eb('website_id', '=', websiteId), eb('is_default', '=', 1)]))
      .executeTakeFirst();
    return row && toTemplate(row);
  }

  async insert(template: NewTemplateRecord): Promise<void> {
    await this.db
      .insertInto('campaign_template')
      .values({
        id: template.id,
        website_id: template.websiteId,
        name: template.name,
        description: template.description,
        network: template.network,
        source: template.source,
        category: template.category,
        is_default: 0,
        utm_parameters: JSON.stringify(template.utmParameters),
        custom_parameters: JSON.stringify(template.customParameters),
        created_at: template.createdAt,
        updated_at: template.updatedAt,
      })
      .execute();
  }

  /** Only the website's own, never a default one. */
  async update(websiteId: string, id: string, changes: TemplateChanges): Promise<boolean> {
    const { utmParameters, customParameters, updatedAt, ...fields } = changes;
    const set: Updateable<CampaignTemplateTable> = {
      ...fields,
      ...(utmParameters ? { utm_parameters: JSON.stringify(utmParameters) } : {}),
      ...(customParameters ? { custom_parameters: JSON.stringify(customParameters) } : {}),
      updated_at: updatedAt,
    };
    const result = await this.db
      .updateTable('campaign_template')
      .set(set)
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

/** An unknown stored category reads as 'platform', unreadable parameters as none. */
export function toTemplate(row: Selectable<CampaignTemplateTable>): CampaignTemplate {
  return {
    id: row.id,
    websiteId: row.website_id,
    name: row.name,
    description: row.description,
    network: row.network,
    source: row.source,
    category: TemplateCategory.catch('platform').parse(row.category),
    isDefault: Number(row.is_default) === 1,
    utmParameters: parseJson<UtmParams>(row.utm_parameters, {}),
    customParameters: parseJson<Record<string, string>>(row.custom_parameters, {}),
    updatedAt: toIso(row.updated_at),
  };
}
