import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ROLLED_COLUMNS } from '../breakdowns/breakdown-rollups';
import { withoutConsentCount } from '../privacy/without-consent';
import { type Dialect, takeTurns, urlWithoutQuery } from '../sql/dialect';

const int = (n: number): RawBuilder<number> => {
  if (!Number.isSafeInteger(n)) throw new Error(`Not an integer: ${n}`);
  return sql<number>`cast(${n} as bigint)`;
};

/** Each row's local day: the last of `starts` (the days' first instants) at or before its `ts`. */
function localDay(starts: number[]): RawBuilder<number> {
  const arms = starts.slice(1).map((s, i) => sql`when ts < ${int(s)} then ${int(starts[i] as number)}`);
  const last = int(starts.at(-1) as number);
  return arms.length === 0 ? last : sql<number>`(case ${sql.join(arms, sql` `)} else ${last} end)`;
}

/** A website whose day rollups are being re-keyed for its zone. */
export interface PendingRebuild {
  id: string;
  timezone: string;
  rebuiltUntil: number;
}

/**
 * Re-keys a website's day rollups by its local days, a stretch of days per transaction (docs/definitions.md#time-zone
 * Time zone). Each stretch is deleted and recounted from the raw events, so rows the old zone keyed
 * inside it go and what ingestion wrote meanwhile is counted once; the cursor on the website row
 * makes it resumable.
 */
export class RollupRebuildRepository {
  constructor(
    protected readonly db: Kysely<DB>,
    protected readonly dialect: Dialect,
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

  /**
   * Recounts the local days starting at `starts` (ascending; the last one's end is `end`) and moves
   * the cursor to `end`, or marks the rebuild done — unless the zone changed meanwhile (a newer
   * rebuild then starts over). Rows keyed in [clearFrom, end) go first: the first stretch clears from
   * 0, since the old zone's first day may have started earlier. In the writers' turn on PostgreSQL.
   */
  async rebuild(
    site: PendingRebuild,
    starts: number[],
    end: number,
    clearFrom: number,
    done: boolean,
  ): Promise<void> {
    const first = starts[0];
    if (first === undefined) throw new Error('No days to rebuild');
    const day = localDay(starts);
    const from = int(first);
    const to = int(end);
    const id = site.id;
    await this.db.transaction().execute(async (trx) => {
      await takeTurns(trx, this.dialect, id);
      const current = await trx
        .selectFrom('website')
        .select(['timezone', 'rollup_rebuilt_until'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (current?.timezone !== site.timezone || Number(current.rollup_rebuilt_until) !== site.rebuiltUntil)
        return;
      for (const table of [
        'dash_day',
        'dash_visitor_day',
        'dash_page_day',
        'dash_source_day',
        'dash_value_day',
      ] as const)
        await trx
          .deleteFrom(table)
          .where('website_id', '=', id)
          .where('day', '>=', clearFrom)
          .where('day', '<', end)
          .execute();
      await this.recountEvents(trx, id, starts, first, end);
      await sql`insert into dash_source_day (website_id, day, channel, referrer_domain, clicks, without_consent)
        select website_id, ${day} as local_day, channel, coalesce(referrer_domain, '') as referrer_key, count(*),
          ${withoutConsentCount}
          from click where website_id = ${id} and ts >= ${from} and ts < ${to}
          group by website_id, local_day, channel, referrer_key`.execute(trx);
      await trx
        .updateTable('website')
        .set({ rollup_rebuilt_until: done ? null : end })
        .where('id', '=', id)
        .execute();
    });
  }

  /**
   * Counts the raw events of [starts[0], end) into dash_visitor_day, dash_day, dash_page_day and
   * dash_value_day by local day (`starts` are the days' first instants), in the rebuild's transaction.
   */
  protected async recountEvents(
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
