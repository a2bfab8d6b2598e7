import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, TrafficSourceTable } from '../../db/schema';
import { type StoredTrafficSource, toStoredTrafficSource } from './traffic-source.mapper';

export type { StoredTrafficSource } from './traffic-source.mapper';

/** Callers check website ownership first; sources are addressed through their website. */
export class TrafficSourceRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async listByWebsite(websiteId: string): Promise<StoredTrafficSource[]> {
    const rows = await this.db
      .selectFrom('traffic_source')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toStoredTrafficSource);
  }

  async seeded(websiteId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('traffic_source_seed')
      .select('website_id')
      .where('website_id', '=', websiteId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Inserts the defaults once per website; concurrent first reads insert them once. */
  async seed(websiteId: string, rows: Insertable<TrafficSourceTable>[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const marked = await trx
        .insertInto('traffic_source_seed')
        .values({ website_id: websiteId })
        .onConflict((oc) => oc.column('website_id').doNothing())
        .executeTakeFirst();
      if ((marked.numInsertedOrUpdatedRows ?? 0n) === 0n) return;
      for (const row of rows)
        await trx
          .insertInto('traffic_source')
          .values(row)
          .onConflict((oc) => oc.columns(['website_id', 'slug']).doNothing())
          .execute();
    });
  }

  /** False when the website already has a source of that slug. */
  async insert(row: Insertable<TrafficSourceTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('traffic_source')
      .values(row)
      .onConflict((oc) => oc.columns(['website_id', 'slug']).doNothing())
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  /** False when no such source; throws a unique violation when the new name's slug is taken. */
  async update(
    websiteId: string,
    id: string,
    changes: Pick<Updateable<TrafficSourceTable>, 'slug' | 'name' | 'description' | 'updated_at'>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('traffic_source')
      .set(changes)
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(websiteId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('traffic_source')
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
