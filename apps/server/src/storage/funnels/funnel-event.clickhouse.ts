import type { ClickHouseClient } from '@clickhouse/client';
import type { FunnelEvent, FunnelEventQuery } from '@ocx/core';
import { chRows, inWebsite } from '../clickhouse/clickhouse-query';
import type { FunnelEventRepository } from './funnel-event.repository';
import { containsPattern } from './funnel-event.sql';

/** Rows per page: memory stays bounded however many events a window holds. */
const PAGE = 5000;

interface Row {
  id: number;
  visitor_id: string;
  ts: number;
  type: string;
  path: string;
  selector: string | null;
}

/**
 * SqlFunnelEventRepository's reads on ClickHouse: the pageviews whose path may contain a step path and the
 * clicks on a step selector, in (ts, id) order a page at a time (keyset); ids grow in insertion
 * order as the SQL stores' do, so ties in time break alike.
 */
export class ClickHouseFunnelEventRepository implements FunnelEventRepository {
  constructor(
    private readonly clickhouse: ClickHouseClient,
    private readonly pageSize = PAGE,
  ) {}

  async forEachFunnelEvent(q: FunnelEventQuery, visit: (event: FunnelEvent) => void): Promise<void> {
    if (q.paths.length === 0 && q.selectors.length === 0) return;
    const params: Record<string, unknown> = {
      w: q.websiteId,
      from: q.start,
      to: q.end,
      selectors: q.selectors,
    };
    const any = q.paths.map((p, i) => {
      params[`p${i}`] = containsPattern(p);
      return `(type = 'pageview' AND lower(path) LIKE {p${i}:String})`;
    });
    if (q.selectors.length > 0) any.push("(type = 'click' AND selector IN {selectors:Array(String)})");
    let cursor: { ts: number; id: number } | null = null;
    for (;;) {
      const rows = await this.page(any.join(' OR '), params, cursor);
      for (const r of rows)
        visit({
          visitorId: r.visitor_id,
          ts: Number(r.ts),
          type: r.type,
          path: r.path,
          selector: r.selector,
        });
      const last = rows.at(-1);
      if (!last || rows.length < this.pageSize) return;
      cursor = { ts: Number(last.ts), id: Number(last.id) };
    }
  }

  /** The next page after `cursor` (exclusive), in (ts, id) order. */
  private page(
    matches: string,
    params: Record<string, unknown>,
    cursor: { ts: number; id: number } | null,
  ): Promise<Row[]> {
    const after = cursor ? 'AND (ts > {cts:Int64} OR (ts = {cts:Int64} AND id > {cid:UInt64}))' : '';
    return chRows<Row>(
      this.clickhouse,
      `SELECT id, visitor_id, ts, type, path, selector FROM events
        WHERE ${inWebsite({ from: true, to: true })} ${after} AND (${matches})
        ORDER BY ts, id LIMIT {limit:UInt32}`,
      { ...params, cts: cursor?.ts ?? 0, cid: cursor?.id ?? 0, limit: this.pageSize },
    );
  }
}
