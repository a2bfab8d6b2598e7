import type { ClickHouseClient } from '@clickhouse/client';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { ROLLED_VALUE } from '../breakdowns/rolled-breakdown.clickhouse';
import { chRow, chRows, inRange, inWebsite } from '../clickhouse/clickhouse-query';
import type { PendingRebuild, RollupRebuildRepository } from './rollup-rebuild.repository';
import { SqlRollupRebuildRepository } from './rollup-rebuild.sql';
import { rebuildStretch } from './rollup-rebuild-stretch';

/** Rows per INSERT into the SQL rollups. */
const CHUNK = 500;

/** Each event's local day from the days' first instants, as rollup-rebuild-stretch.ts's CASE. */
function localDay(starts: number[]): string {
  for (const s of starts) if (!Number.isSafeInteger(s)) throw new Error(`Not an integer: ${s}`);
  if (starts.length === 1) return String(starts[0]);
  const arms = starts.slice(1).map((s, i) => `ts < ${s}, ${starts[i]}`);
  return `multiIf(${arms.join(', ')}, ${starts.at(-1)})`;
}

/**
 * The rollup rebuild after a time zone change with the raw events in ClickHouse: ClickHouse counts
 * each local day's visitors, pageviews, pages and breakdown values, the rows go into the SQL rollups
 * in the rebuild's transaction (the stretch's days were cleared first). The queue of rebuilds is the
 * website rows, read by the SQL repository.
 */
export class ClickHouseRollupRebuildRepository implements RollupRebuildRepository {
  private readonly sql: SqlRollupRebuildRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly clickhouse: ClickHouseClient,
  ) {
    this.sql = new SqlRollupRebuildRepository(db, dialect);
  }

  next(): Promise<PendingRebuild | null> {
    return this.sql.next();
  }

  async firstEventAt(websiteId: string): Promise<number | null> {
    const row = await chRow<{ ts: number | null }>(
      this.clickhouse,
      `SELECT if(count() = 0, NULL, min(ts)) AS ts FROM events WHERE ${inWebsite()}`,
      { w: websiteId },
    );
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
    from: number,
    end: number,
  ): Promise<void> {
    const params = { w: id, from, to: end };
    const scope = `FROM events WHERE ${inRange(true)}`;
    const day = localDay(starts);
    const visitors = await chRows<{ day: number; visitor_id: string }>(
      this.clickhouse,
      `SELECT DISTINCT ${day} AS day, visitor_id ${scope}`,
      params,
    );
    for (let i = 0; i < visitors.length; i += CHUNK)
      await trx
        .insertInto('dash_visitor_day')
        .values(
          visitors
            .slice(i, i + CHUNK)
            .map((r) => ({ website_id: id, day: Number(r.day), visitor_id: r.visitor_id })),
        )
        .execute();
    const perDay = new Map<number, number>();
    for (const r of visitors) perDay.set(Number(r.day), (perDay.get(Number(r.day)) ?? 0) + 1);
    const days = await chRows<{ day: number; pageviews: number; events: number }>(
      this.clickhouse,
      `SELECT ${day} AS day, countIf(type = 'pageview') AS pageviews, count() AS events ${scope} GROUP BY day`,
      params,
    );
    for (let i = 0; i < days.length; i += CHUNK)
      await trx
        .insertInto('dash_day')
        .values(
          days.slice(i, i + CHUNK).map((r) => ({
            website_id: id,
            day: Number(r.day),
            pageviews: Number(r.pageviews),
            visitors: perDay.get(Number(r.day)) ?? 0,
            events: Number(r.events),
          })),
        )
        .execute();
    const pages = await chRows<{ day: number; page: string; pageviews: number }>(
      this.clickhouse,
      `SELECT ${day} AS day, splitByChar('?', splitByChar('#', url)[1])[1] AS page, count() AS pageviews
       ${scope} AND type = 'pageview' GROUP BY day, page`,
      params,
    );
    for (let i = 0; i < pages.length; i += CHUNK)
      await trx
        .insertInto('dash_page_day')
        .values(
          pages.slice(i, i + CHUNK).map((r) => ({
            website_id: id,
            day: Number(r.day),
            page: r.page,
            pageviews: Number(r.pageviews),
          })),
        )
        .execute();
    const values = await chRows<{ dimension: string; day: number; value: string; pageviews: number }>(
      this.clickhouse,
      `SELECT dimension, day, value, count() AS pageviews FROM (
         SELECT ${day} AS day, [${Object.values(ROLLED_VALUE).join(', ')}] AS values
         ${scope} AND type = 'pageview'
       ) ARRAY JOIN [${Object.keys(ROLLED_VALUE)
         .map((d) => `'${d}'`)
         .join(', ')}] AS dimension, values AS value
       GROUP BY dimension, day, value`,
      params,
    );
    for (let i = 0; i < values.length; i += CHUNK)
      await trx
        .insertInto('dash_value_day')
        .values(
          values.slice(i, i + CHUNK).map((r) => ({
            website_id: id,
            dimension: r.dimension,
            day: Number(r.day),
            value: r.value,
            pageviews: Number(r.pageviews),
          })),
        )
        .execute();
  }
}
