import { type Kysely, sql, type Transaction } from 'kysely';
import { type Dialect, urlWithoutQuery } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { ROLLED_COLUMNS } from '../breakdowns/breakdown-rollups';
import type { PendingRebuild, RollupRebuildRepository } from './rollup-rebuild.repository';
import { int, localDay, rebuildStretch } from './rollup-rebuild-stretch';

/**
 * The rollup rebuild with the raw events in the SQL database: each stretch is deleted and recounted
 * from the `event` table, so rows the old zone keyed inside it go and what ingestion wrote meanwhile
 * is counted once; the cursor on the website row makes it resumable.
 */
export class SqlRollupRebuildRepository implements RollupRebuildRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  async next(): Promise<PendingRebuild | null> {
    const row = await this.db
      .selectFrom('website')
      .select(['id', 'timezone', 'rollup_rebuilt_until'])
      .where('rollup_rebuilt_until', 'is not', null)
      .orderBy('updated_at')
      .executeTakeFirst();
    return row
      ? { id: row.id, timezone: row.timezone, rebuiltUntil: Number(row.rollup_rebuilt_until) }
      : null;
  }

  async firstEventAt(websiteId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('event')
      .select((eb) => eb.fn.min<number>('ts').as('ts'))
      .where('website_id', '=', websiteId)
      .executeTakeFirst();
    return row?.ts === null || row?.ts === undefined ? null : Number(row.ts);
  }

  rebuild(
    site: PendingRebuild,
    starts: number[],
    end: number,
    clearFrom: number,
    done: boolean,
  ): Promise<void> {
    return rebuildStretch(this.db, this.dialect, site, { starts, end, clearFrom, done }, (...args) =>
      this.recountEvents(...args),
    );
  }

  private async recountEvents(
    trx: Transaction<DB>,
    id: string,
    starts: number[],
    fromMs: number,
    end: number,
  ): Promise<void> {
    const day = localDay(starts);
    const from = int(fromMs);
    const to = int(end);
    const events = sql`event where website_id = ${id} and ts >= ${from} and ts < ${to}`;
    await sql`insert into dash_visitor_day (website_id, day, visitor_id)
      select distinct website_id, ${day}, visitor_id from ${events}`.execute(trx);
    await sql`insert into dash_day (website_id, day, pageviews, visitors, events)
      select website_id, local_day, sum(pageviews), sum(visitors), sum(events) from (
        select website_id, ${day} as local_day, sum(case when type = 'pageview' then 1 else 0 end) as pageviews,
          0 as visitors, count(*) as events from ${events} group by website_id, local_day
        union all
        select website_id, day, 0, count(*), 0 from dash_visitor_day
          where website_id = ${id} and day >= ${from} and day < ${to} group by website_id, day
      ) as d group by website_id, local_day`.execute(trx);
    await sql`insert into dash_page_day (website_id, day, page, pageviews)
      select website_id, ${day} as local_day, ${urlWithoutQuery(this.dialect)} as page_url, count(*) from ${events}
        and type = 'pageview' group by website_id, local_day, page_url`.execute(trx);
    for (const [dimension, column] of Object.entries(ROLLED_COLUMNS))
      await sql`insert into dash_value_day (website_id, dimension, day, value, pageviews)
        select website_id, ${dimension}, ${day} as local_day, ${column} as v, count(*) from ${events}
          and type = 'pageview' group by website_id, local_day, v`.execute(trx);
  }
}
