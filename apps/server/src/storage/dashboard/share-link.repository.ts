import type { ShareLink } from '@ocx/contracts';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, ShareLinkTable } from '../../db/schema';
import { toIso, toIsoOrNull } from '../../db/sql-values';

/** A link found by its token hash, with what its dashboard needs of the website. */
export interface ResolvedShareLink {
  id: string;
  website_id: string;
  password_hash: string | null;
  last_viewed_at: Date | null;
  name: string;
  root_domain: string;
  attribution_model: string;
  timezone: string;
  rollup_rebuilt_until: number | null;
}

/** Read-only dashboard links; listing and revoking are asked per website (the caller checked access). */
export class ShareLinkRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Stores the link; answers it as the API shows it. */
  async insert(row: Insertable<ShareLinkTable>): Promise<ShareLink> {
    await this.db.insertInto('share_link').values(row).execute();
    return toShareLink({
      ...row,
      password_hash: row.password_hash ?? null,
      last_viewed_at: row.last_viewed_at ?? null,
    });
  }

  async listByWebsite(websiteId: string): Promise<ShareLink[]> {
    const rows = await this.db
      .selectFrom('share_link')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toShareLink);
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
  async findByHash(hash: string): Promise<ResolvedShareLink | undefined> {
    const row = await this.db
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
    // PostgreSQL answers a Date, SQLite the ISO text written.
    return (
      row && { ...row, last_viewed_at: row.last_viewed_at === null ? null : new Date(row.last_viewed_at) }
    );
  }

  async touch(id: string, now: string): Promise<void> {
    await this.db.updateTable('share_link').set({ last_viewed_at: now }).where('id', '=', id).execute();
  }
}

function toShareLink(r: Selectable<ShareLinkTable>): ShareLink {
  return {
    id: r.id,
    websiteId: r.website_id,
    prefix: r.prefix,
    passwordProtected: r.password_hash !== null,
    createdAt: toIso(r.created_at),
    lastViewedAt: toIsoOrNull(r.last_viewed_at),
  };
}
