import type { UtmParams } from '@ocx/contracts';
import type { IngestCampaign } from '@ocx/core';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { CampaignTable, DB } from '../../db/schema';
import { parseJson } from '../../db/sql-values';
import { type StoredCampaign, toStoredCampaign } from './campaign.mapper';

export type { StoredCampaign } from './campaign.mapper';

/** Callers check website ownership first; campaigns are addressed through their website. */
export class CampaignRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async listByWebsite(websiteId: string): Promise<StoredCampaign[]> {
    const rows = await this.db
      .selectFrom('campaign')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toStoredCampaign);
  }

  async find(websiteId: string, id: string): Promise<StoredCampaign | undefined> {
    const row = await this.db
      .selectFrom('campaign')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toStoredCampaign(row);
  }

  async findIdByOcxid(websiteId: string, ocxid: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('campaign')
      .select('id')
      .where('website_id', '=', websiteId)
      .where('ocxid', '=', ocxid)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** The campaign an ocxid names on this website, with the tags that decide its entrances' channel. */
  async findTagsByOcxid(websiteId: string, ocxid: string): Promise<IngestCampaign | null> {
    const row = await this.db
      .selectFrom('campaign')
      .select(['id', 'network', 'utm_params'])
      .where('website_id', '=', websiteId)
      .where('ocxid', '=', ocxid)
      .executeTakeFirst();
    if (!row) return null;
    const utm = parseJson<UtmParams | null>(row.utm_params, null) ?? {};
    return { id: row.id, network: row.network, utmSource: utm.source ?? null, utmMedium: utm.medium ?? null };
  }

  async ocxidTaken(ocxid: string): Promise<boolean> {
    return (
      (await this.db.selectFrom('campaign').select('id').where('ocxid', '=', ocxid).executeTakeFirst()) !==
      undefined
    );
  }

  async insert(row: Insertable<CampaignTable>): Promise<void> {
    await this.db.insertInto('campaign').values(row).execute();
  }

  async update(websiteId: string, id: string, changes: Updateable<CampaignTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('campaign')
      .set(changes)
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The website's campaigns of a traffic source (its name in any case) take the source's new name. */
  async renameSource(websiteId: string, from: string, to: string, updatedAt: string): Promise<void> {
    await this.db
      .updateTable('campaign')
      .set({ source: to, updated_at: updatedAt })
      .where('website_id', '=', websiteId)
      .where((eb) => eb(eb.fn('lower', [eb.fn('trim', ['source'])]), '=', from.trim().toLowerCase()))
      .execute();
  }

  async delete(websiteId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('campaign')
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
