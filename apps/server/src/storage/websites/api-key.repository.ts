import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ApiKeyTable, DB } from '../../db/schema';

export type ApiKeyRow = Selectable<ApiKeyTable>;

export class ApiKeyRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: Insertable<ApiKeyTable>): Promise<void> {
    await this.db.insertInto('api_key').values(row).execute();
  }

  listActive(websiteId: string): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_key')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
  }

  async revoke(websiteId: string, id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_key')
      .set({ revoked_at: now })
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  findActiveByHash(hash: string): Promise<ApiKeyRow | undefined> {
    return this.db
      .selectFrom('api_key')
      .selectAll()
      .where('key_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async touch(id: string, now: string): Promise<void> {
    await this.db.updateTable('api_key').set({ last_used_at: now }).where('id', '=', id).execute();
  }
}
