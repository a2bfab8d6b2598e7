import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, ShareLinkTable } from '../../db/schema';

export type ShareLinkRow = Selectable<ShareLinkTable>;

/** Read-only dashboard links; listing and revoking are asked per website (the caller checked access). */
export class ShareLinkRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: Insertable<ShareLinkTable>): Promise<void> {
    await this.db.insertInto('share_link').values(row).execute();
  }

  listByWebsite(websiteId: string): Promise<ShareLinkRow[]> {
    return this.db
      .selectFrom('share_link')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Revoking deletes the row: the hash is gone, so the link cannot be resolved again. */
  async delete(websiteId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('share_link')
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The link with this token hash and its website's name and domain. */
  findByHash(hash: string) {
    return this.db
      .selectFrom('share_link')
      .innerJoin('website', 'website.id', 'share_link.website_id')
      .select([
        'share_link.id',
        'share_link.website_id',
        'share_link.password_hash',
        'share_link.last_viewed_at',
        'website.name',
        'website.root_domain',
        'website.attribution_model',
        'website.timezone',
        'website.rollup_rebuilt_until',
      ])
      .where('share_link.token_hash', '=', hash)
      .executeTakeFirst();
  }

  async touch(id: string, now: string): Promise<void> {
    await this.db.updateTable('share_link').set({ last_viewed_at: now }).where('id', '=', id).execute();
  }
}
