import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, NetworkTable } from '../../db/schema';

export type NetworkRow = Selectable<NetworkTable>;

/** Callers check website ownership first; networks are addressed through their website. */
export class NetworkRepository {
  constructor(private readonly db: Kysely<DB>) {}

  listByWebsite(websiteId: string): Promise<NetworkRow[]> {
    return this.db
      .selectFrom('network')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  find(websiteId: string, id: string): Promise<NetworkRow | undefined> {
    return this.db
      .selectFrom('network')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** False when the website already has a network of that slug. */
  async insert(row: Insertable<NetworkTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('network')
      .values(row)
      .onConflict((oc) => oc.columns(['website_id', 'slug']).doNothing())
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  /** False when no such network; throws a unique violation when the new name's slug is taken. */
  async update(
    websiteId: string,
    id: string,
    fields: Pick<Updateable<NetworkTable>, 'slug' | 'name' | 'tracking_params' | 'sources' | 'updated_at'>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('network')
      .set(fields)
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A network's source names only (a traffic source was deleted). */
  async setSources(websiteId: string, id: string, sources: string, updatedAt: string): Promise<void> {
    await this.db
      .updateTable('network')
      .set({ sources, updated_at: updatedAt })
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
