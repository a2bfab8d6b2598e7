import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Shared by the readers of ClickHouse's copies (mirror.clickhouse.ts): what they read from SQL,
 * where it changes or lives (the active attribution version, campaign names), and the copies' FROM.
 */
export class MirrorReads {
  constructor(readonly db: Kysely<DB>) {}

  /** The website's active attribution version, whose credits the reports show; null before any. */
  async activeVersion(websiteId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('attribution_job')
      .select('active_version')
      .where('website_id', '=', websiteId)
      .executeTakeFirst();
    return row ? Number(row.active_version) : null;
  }

  /** Campaign names by id, from SQL; a deleted campaign has none. */
  async campaignNames(ids: (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('campaign')
      .select(['id', 'name'])
      .where('id', 'in', wanted)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}

/** A copy's rows as they are now: the latest version of each, without the deleted. */
export const current = (table: 'clicks' | 'conversions' | 'credits') => `${table} FINAL`;
/** The live rows' condition, beside the website's. */
export const live = 'deleted = 0';
/** Each touchpoint's credit of a conversion under `{v}`, the active version: after FROM credits. */
export const touches = `${current('credits')} ARRAY JOIN touch AS t`;
