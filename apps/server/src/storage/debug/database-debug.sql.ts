import type { DebugRowCountTable } from '@ocx/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { DatabaseDebugRepository } from './database-debug.repository';

/** Tables whose rows belong to a website, by the name the debug screen shows. */
const websiteTables = {
  goals: 'goal',
  campaigns: 'campaign',
  networks: 'network',
  sources: 'traffic_source',
  landingPages: 'landing_page',
  templates: 'campaign_template',
  funnels: 'funnel',
  visits: 'visit',
  clicks: 'click',
  conversions: 'conversion',
  credits: 'touch_credit',
  apiKeys: 'api_key',
  postbackDeliveries: 'postback_delivery',
  shareLinks: 'share_link',
} as const satisfies Record<Exclude<DebugRowCountTable, 'websites' | 'events'>, keyof DB>;

/** Row counts of the website-owned metadata tables (and the websites), without the raw events. */
type MetadataRowCounts = Record<Exclude<DebugRowCountTable, 'events'>, number>;

/** Rows per metadata table that belong to these websites: what every backend keeps in the SQL database. */
export async function countMetadataRows(db: Kysely<DB>, websiteIds: string[]): Promise<MetadataRowCounts> {
  const count = async (table: keyof DB, column: 'id' | 'website_id'): Promise<number> => {
    if (websiteIds.length === 0) return 0;
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(websiteIds)})
    `.execute(db);
    return Number(rows[0]?.n ?? 0);
  };
  const entries = await Promise.all(
    Object.entries(websiteTables).map(async ([name, table]) => [name, await count(table, 'website_id')]),
  );
  return { websites: await count('website', 'id'), ...Object.fromEntries(entries) } as MetadataRowCounts;
}

/** The database debug screen's questions with the raw events in the SQL database too. */
export class SqlDatabaseDebugRepository implements DatabaseDebugRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  async rowCounts(websiteIds: string[]): Promise<Record<DebugRowCountTable, number>> {
    const [metadata, events] = await Promise.all([
      countMetadataRows(this.db, websiteIds),
      websiteIds.length === 0 ? 0 : this.countEvents(websiteIds),
    ]);
    return { ...metadata, events };
  }

  private async countEvents(websiteIds: string[]): Promise<number> {
    const row = await this.db
      .selectFrom('event')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('website_id', 'in', websiteIds)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
