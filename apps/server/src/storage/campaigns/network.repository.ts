import type { Kysely, Selectable } from 'kysely';
import type { DB, NetworkTable } from '../../db/schema';
import { parseJson, toIso } from '../../db/sql-values';

/** A website's network with its tracking parameter names and source names read from their JSON columns. */
export interface StoredNetwork {
  id: string;
  websiteId: string;
  slug: string;
  name: string;
  /** Tracking parameter names, lowercase, each once. */
  trackingParams: string[];
  /** The traffic sources the network names. */
  sources: string[];
  createdAt: string;
}

/** What saving a network writes besides its identity. */
type NetworkFields = Pick<StoredNetwork, 'slug' | 'name' | 'trackingParams' | 'sources'> & {
  updatedAt: string;
};

/** Callers check website ownership first; networks are addressed through their website. */
export class NetworkRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async listByWebsite(websiteId: string): Promise<StoredNetwork[]> {
    const rows = await this.db
      .selectFrom('network')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toNetwork);
  }

  async find(websiteId: string, id: string): Promise<StoredNetwork | undefined> {
    const row = await this.db
      .selectFrom('network')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toNetwork(row);
  }

  /** False when the website already has a network of that slug. */
  async insert(network: StoredNetwork & { updatedAt: string }): Promise<boolean> {
    const result = await this.db
      .insertInto('network')
      .values({
        id: network.id,
        website_id: network.websiteId,
        ...columns(network),
        created_at: network.createdAt,
      })
      .onConflict((oc) => oc.columns(['website_id', 'slug']).doNothing())
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  /** False when no such network; throws a unique violation when the new name's slug is taken. */
  async update(websiteId: string, id: string, fields: NetworkFields): Promise<boolean> {
    const result = await this.db
      .updateTable('network')
      .set(columns(fields))
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A network's source names only (a traffic source was deleted). */
  async setSources(websiteId: string, id: string, sources: string[], updatedAt: string): Promise<void> {
    await this.db
      .updateTable('network')
      .set({ sources: JSON.stringify(sources), updated_at: updatedAt })
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .execute();
  }

  async delete(websiteId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('network')
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}

function columns(fields: NetworkFields) {
  return {
    slug: fields.slug,
    name: fields.name,
    tracking_params: JSON.stringify(fields.trackingParams),
    sources: JSON.stringify(fields.sources),
    updated_at: fields.updatedAt,
  };
}

/** Unreadable parameter or source lists read as empty. */
export function toNetwork(row: Selectable<NetworkTable>): StoredNetwork {
  return {
    id: row.id,
    websiteId: row.website_id,
    slug: row.slug,
    name: row.name,
    trackingParams: parseJson<string[]>(row.tracking_params, []),
    sources: parseJson<string[]>(row.sources, []),
    createdAt: toIso(row.created_at),
  };
}
