import type { ApiKey } from '@ocx/contracts';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ApiKeyTable, DB } from '../../db/schema';
import { toIso, toIsoOrNull } from '../../db/sql-values';

export type ApiKeyRow = Selectable<ApiKeyTable>;

export class ApiKeyRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: Insertable<ApiKeyTable>): Promise<void> {
    await this.db.insertInto('api_key').values(row).execute();
  }

  /** The website's keys that still work, newest first, as the API shows them (never their hash). */
  async listActive(websiteId: string): Promise<ApiKey[]> {
    const rows = await this.db
      .selectFrom('api_key')
      .select(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
      .where('website_id', '=', websiteId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      prefix: r.prefix,
      createdAt: toIso(r.created_at),
      lastUsedAt: toIsoOrNull(r.last_used_at),
    }));
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
