import type { FunnelEvent, FunnelEventQuery, FunnelEventSource } from '@ocx/core';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** LIKE pattern for "contains", with %, _ and the escape character taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The events a funnel can match, read with the (website_id, ts) index: pageviews whose path may
 * contain a step path and clicks on a step selector, in time order, only the columns matching needs.
 */
export class FunnelEventRepository implements FunnelEventSource {
  constructor(private readonly db: Kysely<DB>) {}

  async funnelEvents(q: FunnelEventQuery): Promise<FunnelEvent[]> {
    if (q.paths.length === 0 && q.selectors.length === 0) return [];
    const rows = await this.db
      .selectFrom('event')
      .select(['visitor_id', 'ts', 'type', 'path', 'selector'])
      .where('website_id', '=', q.websiteId)
      .where('ts', '>=', q.start)
      .where('ts', '<', q.end)
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
      .execute();
    return rows.map((r) => ({
      visitorId: r.visitor_id,
      ts: Number(r.ts),
      type: r.type,
      path: r.path,
      selector: r.selector,
    }));
  }
}
