import type { ClickHouseClient } from '@clickhouse/client';
import { chRows, inRange, inWebsite } from '../clickhouse/clickhouse-query';
import type { CorrectedEvent, CorrectionEvents } from './correction-events.sql';

/** A URL without query and fragment (db/dialect.ts urlWithoutQuery), as the rebuild's pages. */
const PAGE = "splitByChar('?', splitByChar('#', url)[1])[1]";

/**
 * What the rollup corrections of an erasure or a consent link read of the raw events, from
 * ClickHouse (CorrectionEvents in correction-events.sql.ts). The erasure reads them before its
 * delete, the consent link before and after its update (both run to completion before they return).
 */
export function clickHouseEventReads(client: ClickHouseClient): CorrectionEvents {
  return {
    async ofVisitor(_trx, websiteId, visitorId, since) {
      const rows = await chRows<CorrectedEvent>(
        client,
        `SELECT ts, type, url, path, visitor_id, country, region, city, device_type, browser, os, screen FROM events
        WHERE ${inWebsite()} AND visitor_id = {v:String}${since === undefined ? '' : ' AND ts >= {since:Int64}'}`,
        { w: websiteId, v: visitorId, since: since ?? 0 },
      );
      return rows.map((e) => ({ ...e, ts: Number(e.ts) }));
    },
    async hasAny(_trx, websiteId, visitorId, from, before) {
      const rows = await chRows<{ ts: number }>(
        client,
        `SELECT ts FROM events WHERE ${inRange(false)} AND visitor_id = {v:String}
        ${before === undefined ? '' : 'AND ts < {before:Int64}'} LIMIT 1`,
        { w: websiteId, v: visitorId, from, before: before ?? 0 },
      );
      return rows.length > 0;
    },
    async latestPageview(_trx, websiteId, page, from, to) {
      const [seen] = await chRows<{ ts: number; path: string }>(
        client,
        `SELECT ts, path FROM events WHERE ${inRange(true)}
          AND type = 'pageview' AND ${PAGE} = {page:String}
        ORDER BY ts DESC, id DESC LIMIT 1`,
        { w: websiteId, from, to, page },
      );
      return seen ? { ts: Number(seen.ts), path: seen.path } : undefined;
    },
  };
}
