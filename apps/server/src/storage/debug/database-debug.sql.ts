import type { DebugRowCountTable } from '@ocx/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

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

/** What the database debug screen asks the database: a round trip, and row counts of given websites. */
export class DatabaseDebugRepository {
  constructor(protected readonly db: Kysely<DB>) {}

  /** One round trip to the database. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  /** Rows per table that belong to these websites (the caller decides which websites are the user's). */
  async rowCounts(websiteIds: string[]): Promise<Record<DebugRowCountTable, number>> {
    const count = async (table: keyof DB, column: 'id' | 'website_id'): Promise<number> => {
      if (websiteIds.length === 0) return 0;
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(websiteIds)})
      `.execute(this.db);
      return Number(rows[0]?.n ?? 0);
    };
    const entries = await Promise.all(
      Object.entries(websiteTables).map(async ([name, table]) => [name, await count(table, 'website_id')]),
    );
    const events = websiteIds.length === 0 ? 0 : await this.countEvents(websiteIds);
    return { websites: await count('website', 'id'), events, ...Object.fromEntries(entries) } as Record<
      DebugRowCountTable,
      number
    >;
  }

  /** The raw events of these websites (not none), wherever they are stored. */
  protected async countEvents(websiteIds: string[]): Promise<number> {
    const row = await this.db
      .selectFrom('event')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('website_id', 'in', websiteIds)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
