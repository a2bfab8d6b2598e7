import type { Transaction } from 'kysely';
import { type Dialect, urlWithoutQuery } from '../../db/dialect';
import type { DB } from '../../db/schema';

/** The columns of a stored event the rollup corrections recount. */
export interface CorrectedEvent {
  ts: number;
  type: string;
  url: string;
  path: string;
  visitor_id: string;
  country: string | null;
  region: string | null;
  city: string | null;
  device_type: string | null;
  browser: string | null;
  os: string | null;
  screen: string | null;
}

/**
 * What the rollup corrections (erasure, consent link) ask of the raw events, wherever they are: the
 * SQL `event` table (sqlEventReads), or ClickHouse (correction-events.clickhouse.ts).
 * Each is asked in the caller's transaction where the events are in SQL.
 */
export interface CorrectionEvents {
  /** A visitor's events (since `since` when given). */
  ofVisitor(
    trx: Transaction<DB>,
    websiteId: string,
    visitorId: string,
    since?: number,
  ): Promise<CorrectedEvent[]>;
  /** Whether the visitor has an event in [from, before) (no end: from `from` on). */
  hasAny(
    trx: Transaction<DB>,
    websiteId: string,
    visitorId: string,
    from: number,
    before?: number,
  ): Promise<boolean>;
  /** The latest pageview in [from, to) of a page (its URL without query and fragment). */
  latestPageview(
    trx: Transaction<DB>,
    websiteId: string,
    page: string,
    from: number,
    to: number,
  ): Promise<{ ts: number; path: string } | undefined>;
}

/** CorrectionEvents on the SQL `event` table. */
export function sqlEventReads(dialect: Dialect): CorrectionEvents {
  return {
    async ofVisitor(trx, websiteId, visitorId, since) {
      let query = trx
        .selectFrom('event')
        .select([
          'ts',
          'type',
          'url',
          'path',
          'visitor_id',
          'country',
          'region',
          'city',
          'device_type',
          'browser',
          'os',
          'screen',
        ])
        .where('website_id', '=', websiteId)
        .where('visitor_id', '=', visitorId);
      if (since !== undefined) query = query.where('ts', '>=', since);
      return (await query.execute()).map((e) => ({ ...e, ts: Number(e.ts) }));
    },
    async hasAny(trx, websiteId, visitorId, from, before) {
      let query = trx
        .selectFrom('event')
        .select('ts')
        .where('website_id', '=', websiteId)
        .where('visitor_id', '=', visitorId)
        .where('ts', '>=', from);
      if (before !== undefined) query = query.where('ts', '<', before);
      return (await query.limit(1).execute()).length > 0;
    },
    async latestPageview(trx, websiteId, page, from, to) {
      const seen = await trx
        .selectFrom('event')
        .select(['ts', 'path'])
        .where('website_id', '=', websiteId)
        .where('ts', '>=', from)
        .where('ts', '<', to)
        .where('type', '=', 'pageview')
        .where(urlWithoutQuery(dialect), '=', page)
        .orderBy('ts', 'desc')
        .limit(1)
        .executeTakeFirst();
      return seen ? { ts: Number(seen.ts), path: seen.path } : undefined;
    },
  };
}
