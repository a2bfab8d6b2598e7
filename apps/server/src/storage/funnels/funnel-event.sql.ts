import type { FunnelEvent, FunnelEventQuery } from '@ocx/core';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { inScope } from '../sql/filters';
import type { FunnelEventRepository } from './funnel-event.repository';

interface Cursor {
  ts: number;
  id: number;
}

/** Rows per page: memory stays bounded however many events a window holds. */
const PAGE = 5000;

/** LIKE pattern for "contains", with %, _ and the escape character taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The events a funnel can match, read with the (website_id, ts) index in (ts, id) order, a page at
 * a time (keyset): pageviews whose path may contain a step path and clicks on a step selector, only
 * the columns matching needs.
 */
export class SqlFunnelEventRepository implements FunnelEventRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly pageSize = PAGE,
  ) {}

  async forEachFunnelEvent(q: FunnelEventQuery, visit: (event: FunnelEvent) => void): Promise<void> {
    if (q.paths.length === 0 && q.selectors.length === 0) return;
    let cursor: Cursor | null = null;
    for (;;) {
      const rows = await this.page(q, cursor);
      for (const r of rows) {
        visit({
          visitorId: r.visitor_id,
          ts: Number(r.ts),
          type: r.type,
          path: r.path,
          selector: r.selector,
        });
      }
      const last = rows.at(-1);
      if (!last || rows.length < this.pageSize) return;
      cursor = { ts: Number(last.ts), id: Number(last.id) };
    }
  }

  /** The next page after `cursor` (exclusive), in (ts, id) order. */
  private page(q: FunnelEventQuery, cursor: Cursor | null) {
    return this.db
      .selectFrom('event')
      .select(['id', 'visitor_id', 'ts', 'type', 'path', 'selector'])
      .where(inScope({ websiteId: q.websiteId, from: cursor ? cursor.ts : q.start, to: q.end }))
      .$if(cursor !== null, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('ts', '>', cursor?.ts ?? 0),
            eb.and([eb('ts', '=', cursor?.ts ?? 0), eb('id', '>', cursor?.id ?? 0)]),
          ]),
        ),
      )
      .where((eb) => {
        const any: Expression<SqlBool>[] = q.paths.map((p) =>
          eb.and([
            eb('type', '=', 'pageview'),
            sql<SqlBool>`lower(path) like ${containsPattern(p)} escape ${'\\'}`,
          ]),
        );
        if (q.selectors.length > 0)
          any.push(eb.and([eb('type', '=', 'click'), eb('selector', 'in', q.selectors)]));
        return eb.or(any);
      })
      .orderBy('ts')
      .orderBy('id')
      .limit(this.pageSize)
      .execute();
  }
}
