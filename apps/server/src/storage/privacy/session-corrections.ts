import { SESSION_BREAKDOWNS, SESSION_HOUR_MS, SESSION_SEEN_STEP_MS } from '@ocx/core';
import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { visitorSessions } from '../dashboard/session-rollups';

/** The sessions a correction touches, their events' time bounds and every visitor seen in them. */
interface TouchedSessions {
  sessionIds: string[];
  from: number;
  to: number;
  visitors: string[];
}

const DIMENSIONS = Object.entries(SESSION_BREAKDOWNS) as [string, string][];

/**
 * Keeps the session rollups (migration 0033) equal to what the events give after a visitor's
 * events are erased or moved to another visitor id (a consent link): the visitor's sessions are
 * taken out (take, before the events change) and counted again from the events left (recount,
 * after), and every visitor seen in them has their session values recounted.
 */
export class SessionCorrections {
  constructor(private readonly dialect: Dialect) {}

  /** Takes the visitor's sessions out of dash_session and their pageviews out of dash_session_hour. */
  async take(trx: Transaction<DB>, websiteId: string, visitorId: string): Promise<TouchedSessions> {
    const ids = (
      await sql<{ session_id: string }>`select session_id from ${visitorSessions(this.dialect)}
        where website_id = ${websiteId} and visitor_id = ${visitorId}`.execute(trx)
    ).rows.map((r) => r.session_id);
    const touched: TouchedSessions = { sessionIds: ids, from: 0, to: 0, visitors: [visitorId] };
    if (ids.length === 0) return touched;
    const rows = await trx
      .selectFrom('dash_session')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('session_id', 'in', ids)
      .execute();
    touched.visitors = [...new Set([visitorId, ...rows.map((r) => r.visitor_id)])];
    touched.from = Math.min(...rows.map((r) => Number(r.started)));
    touched.to = Math.max(...rows.map((r) => Number(r.last_seen))) + SESSION_SEEN_STEP_MS;
    const pageviews = await this.pageviews(trx, websiteId, touched);
    const seen = new Set<string>();
    for (const r of rows) {
      if (seen.has(r.session_id)) continue;
      seen.add(r.session_id);
      const n = pageviews.get(r.session_id) ?? 0;
      if (n === 0) continue;
      const hour = Number(r.started) - (Number(r.started) % SESSION_HOUR_MS);
      for (const [dimension, column] of DIMENSIONS) {
        const value = r[column as keyof typeof r];
        if (value === null) continue;
        await trx
          .updateTable('dash_session_hour')
          .set({ pageviews: sql`pageviews - ${n}` })
          .where('website_id', '=', websiteId)
          .where('dimension', '=', dimension)
          .where('hour', '=', hour)
          .where('value', '=', String(value))
          .execute();
      }
    }
    await trx
      .deleteFrom('dash_session_hour')
      .where('website_id', '=', websiteId)
      .where('pageviews', '<=', 0)
      .execute();
    await trx
      .deleteFrom('dash_session')
      .where('website_id', '=', websiteId)
      .where('session_id', 'in', ids)
      .execute();
    return touched;
  }

  /** Counts the taken sessions again from their events now stored, and recounts their visitors' values. */
  async recount(trx: Transaction<DB>, websiteId: string, touched: TouchedSessions): Promise<void> {
    const { sessionIds: ids } = touched;
    if (ids.length > 0) {
      const first = sql`partition by session_id order by ts, id`;
      const entryFirst = sql`partition by session_id order by case when type = 'pageview' then 0 else 1 end, ts, id`;
      const exitFirst = sql`partition by session_id
        order by case when type = 'pageview' then 0 else 1 end, ts desc, id desc`;
      await sql`insert into dash_session (website_id, session_id, visitor_id, started, last_seen, referrer_domain,
          channel, utm_source, utm_medium, utm_campaign, utm_term, utm_content, campaign_id, entry, entry_ts,
          exit_path, exit_ts, pageviews)
        select website_id, session_id, visitor_id, started, last_seen, referrer_domain, channel, utm_source,
          utm_medium, utm_campaign, utm_term, utm_content, campaign_id, entry, entry_ts,
          exit_path, exit_ts, pageviews from (
          select website_id, session_id, visitor_id,
            row_number() over (partition by session_id, visitor_id order by ts, id) as n,
            first_value(ts) over (${first}) as started,
            max(ts) over (partition by session_id) as last_seen,
            first_value(referrer_domain) over (${first}) as referrer_domain,
            first_value(channel) over (${first}) as channel,
            first_value(utm_source) over (${first}) as utm_source,
            first_value(utm_medium) over (${first}) as utm_medium,
            first_value(utm_campaign) over (${first}) as utm_campaign,
            first_value(utm_term) over (${first}) as utm_term,
            first_value(utm_content) over (${first}) as utm_content,
            first_value(campaign_id) over (${first}) as campaign_id,
            first_value(case when type = 'pageview' then path end) over (${entryFirst}) as entry,
            first_value(case when type = 'pageview' then ts end) over (${entryFirst}) as entry_ts,
            first_value(case when type = 'pageview' then path end) over (${exitFirst}) as exit_path,
            first_value(case when type = 'pageview' then ts end) over (${exitFirst}) as exit_ts,
            sum(case when type = 'pageview' then 1 else 0 end) over (partition by session_id) as pageviews
          from event where website_id = ${websiteId} and ts >= ${touched.from} and ts < ${touched.to}
            and session_id in (${sql.join(ids)})
        ) firsts where n = 1`.execute(trx);
      const pageviews = await this.pageviews(trx, websiteId, touched);
      const rows = await trx
        .selectFrom('dash_session')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('session_id', 'in', ids)
        .execute();
      const seen = new Set<string>();
      for (const r of rows) {
        const n = pageviews.get(r.session_id) ?? 0;
        if (seen.has(r.session_id) || n === 0) continue;
        seen.add(r.session_id);
        const hour = Number(r.started) - (Number(r.started) % SESSION_HOUR_MS);
        for (const [dimension, column] of DIMENSIONS) {
          const value = r[column as keyof typeof r];
          if (value === null) continue;
          await trx
            .insertInto('dash_session_hour')
            .values({ website_id: websiteId, dimension, hour, value: String(value), pageviews: n })
            .onConflict((oc) =>
              oc
                .columns(['website_id', 'dimension', 'hour', 'value'])
                .doUpdateSet({ pageviews: sql`dash_session_hour.pageviews + excluded.pageviews` }),
            )
            .execute();
        }
      }
    }
    for (const visitorId of touched.visitors) await this.recountVisitor(trx, websiteId, visitorId);
  }

  /** A visitor's session values from dash_session: per value, the latest start of their sessions with it. */
  async recountVisitor(trx: Transaction<DB>, websiteId: string, visitorId: string): Promise<void> {
    await trx
      .deleteFrom('dash_value_visitor')
      .where('website_id', '=', websiteId)
      .where(
        'dimension',
        'in',
        DIMENSIONS.map(([d]) => d),
      )
      .where('visitor_id', '=', visitorId)
      .execute();
    for (const [dimension, column] of DIMENSIONS) {
      const value = sql.ref(column);
      await sql`insert into dash_value_visitor (website_id, dimension, value, visitor_id, last_seen)
        select website_id, ${dimension}, ${value}, visitor_id, max(started) from ${visitorSessions(this.dialect)}
        where website_id = ${websiteId} and visitor_id = ${visitorId} and ${value} is not null
        group by website_id, ${value}, visitor_id`.execute(trx);
    }
  }

  private async pageviews(trx: Transaction<DB>, websiteId: string, touched: TouchedSessions) {
    const rows = await trx
      .selectFrom('event')
      .select(['session_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('website_id', '=', websiteId)
      .where('ts', '>=', touched.from)
      .where('ts', '<', touched.to)
      .where('session_id', 'in', touched.sessionIds)
      .where('type', '=', 'pageview')
      .groupBy('session_id')
      .execute();
    return new Map(rows.map((r) => [r.session_id, Number(r.n)]));
  }
}
