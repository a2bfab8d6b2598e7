import type { BreakdownSource, CountedBreakdownRow, RolledBreakdown, SessionBreakdown } from '@ocx/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type Dialect, perDialect } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { SqlDashboardRepository } from '../dashboard/dashboard.sql';
import { VISITOR_SEEN_STEP_MS } from '../dashboard/dashboard-rollups';
import { convertedVisitors, type EventScope, scopedEvents, sessionValue } from '../sql/event-filters';
import type {
  BreakdownPage,
  BreakdownRepository,
  BreakdownWindow,
  RolledScope,
  SessionSource,
  VisitorSource,
} from './breakdown.repository';
import { ROLLED_COLUMNS } from './breakdown-rollups';
import { sessionValueRows } from './breakdown-session-values';
import { convertedPerValue, valueList, visitorsPerValue } from './breakdown-value-counts';
import { type CountedSql, propValue, visitorValueRows } from './breakdown-visitor-values';

/** Breakdowns counted in the SQL database: its events, rollups and conversions. */
export class SqlBreakdownRepository implements BreakdownRepository {
  constructor(
    private readonly db: Kysely<DB>,
    protected readonly dialect: Dialect,
  ) {}

  async rows(
    q: EventScope,
    source: BreakdownSource,
    listsUnknown: boolean,
    page: BreakdownWindow,
  ): Promise<BreakdownPage> {
    const known = listsUnknown ? sql`` : sql` where value is not null`;
    const result = await sql<{
      value: string | null;
      visitors: number | string;
      pageviews: number | string;
      conversions: number | string;
      total: number | string;
    }>`with ${scopedEvents(q)},
      converted as (${convertedVisitors(q)}),
      valued as (${this.valued(q, source)})
      select value,
        count(distinct visitor_id) as visitors,
        sum(pageviews) as pageviews,
        count(distinct case when visitor_id in (select visitor_id from converted) then visitor_id end) as conversions,
        count(*) over () as total
      from valued${known}
      group by value
      order by visitors desc, pageviews desc, case when value is null then 1 else 0 end, value
      limit ${page.limit} offset ${page.offset}`.execute(this.db);
    const rows = result.rows.map((r) => ({
      value: r.value === null ? null : String(r.value),
      visitors: Number(r.visitors),
      pageviews: Number(r.pageviews),
      conversions: Number(r.conversions),
    }));
    const total = result.rows[0]
      ? Number(result.rows[0].total)
      : page.offset > 0
        ? await this.count(q, source, known)
        : 0;
    return { rows, total };
  }

  /**
   * The rows of a rolled-up dimension without filters, the same as rows() gives (tested so): each
   * value's visitors from their latest sighting with it, corrected for the sighting's step as
   * DashboardRepository.visitorsSince is; pageviews from the whole days plus the events before them.
   */
  async rolledRows(
    q: RolledScope,
    dimension: RolledBreakdown,
    listsUnknown: boolean,
    page: BreakdownWindow,
  ): Promise<BreakdownPage> {
    const result = await this.rolled(q, dimension, listsUnknown, page);
    const rows = result.map((r) => ({
      value: r.value === '' || r.value === null ? null : String(r.value),
      visitors: Number(r.visitors),
      pageviews: Number(r.pageviews),
      conversions: Number(r.conversions),
    }));
    const first =
      result[0] ??
      (page.offset > 0
        ? (await this.rolled(q, dimension, listsUnknown, { limit: 1, offset: 0 }))[0]
        : undefined);
    return { rows, total: first ? Number(first.total) : 0 };
  }

  /**
   * The rows of a visitor value (goals, custom properties) without filters, the same as rows()
   * gives (tested so), from indexes instead of a pass over the events in range.
   */
  async visitorValueRows(
    q: { websiteId: string; from: number },
    source: VisitorSource,
    page: BreakdownWindow,
  ): Promise<BreakdownPage> {
    const read = (p: BreakdownWindow) => visitorValueRows(this.db, this.dialect, q, source, p);
    const result = await read(page);
    const first = result[0] ?? (page.offset > 0 ? (await read({ limit: 1, offset: 0 }))[0] : undefined);
    return { rows: result.map(countedRow), total: first ? Number(first.total) : 0 };
  }

  /**
   * The rows of a session value (entry page, sources) without filters, the same as rows() gives
   * (tested so), from the session rollups (breakdown-session-values.ts).
   */
  async sessionRows(
    q: { websiteId: string; from: number },
    dimension: SessionBreakdown,
    source: SessionSource,
    page: BreakdownWindow,
  ): Promise<BreakdownPage> {
    const read = (p: BreakdownWindow) => sessionValueRows(this.db, this.dialect, q, dimension, source, p);
    const result = await read(page);
    const first = result[0] ?? (page.offset > 0 ? (await read({ limit: 1, offset: 0 }))[0] : undefined);
    return { rows: result.map(countedRow), total: first ? Number(first.total) : 0 };
  }

  /** Distinct visitors since `from`, from the dashboard's rollups: rolledRows' scope visitors. */
  rolledVisitors(websiteId: string, from: number): Promise<number> {
    return new SqlDashboardRepository(this.db).visitorsSince(websiteId, from);
  }

  private async rolled(
    q: RolledScope,
    dimension: RolledBreakdown,
    listsUnknown: boolean,
    page: BreakdownWindow,
  ): Promise<CountedSql[]> {
    const value = ROLLED_COLUMNS[dimension];
    const pageviewsOnly = dimension === 'page' ? sql` and type = 'pageview'` : sql``;
    const known = listsUnknown ? sql`` : sql` where value <> ''`;
    const rollup = sql`website_id = ${q.websiteId} and dimension = ${dimension}`;
    // Visitors per value from their day counts (visitorsPerValue), converting visitors from each
    // converted visitor's key.
    // `stepped`: stored sightings a step before `from` whose value was seen again after it.
    const result = await sql<CountedSql>`with recursive converted as (${convertedVisitors(q)}),
      ${valueList(q.websiteId, dimension)},
      stepped as (
        select v.value, v.visitor_id from (
          select distinct visitor_id, ${value} as value from event
          where website_id = ${q.websiteId} and ts >= ${q.from} and ts < ${q.from + VISITOR_SEEN_STEP_MS}${pageviewsOnly}
        ) e
        join dash_value_visitor v on v.website_id = ${q.websiteId} and v.dimension = ${dimension}
          and v.visitor_id = e.visitor_id and v.value = e.value
        where v.last_seen >= ${q.from - VISITOR_SEEN_STEP_MS} and v.last_seen < ${q.from}
      ),
      counted as (
        ${visitorsPerValue(q.websiteId, dimension, q.from)}
        union all
        ${convertedPerValue(this.dialect, q.websiteId, dimension, q.from)}
        union all
        select value, 1, 0, case when visitor_id in (select visitor_id from converted) then 1 else 0 end
        from stepped
        union all
        select value, 0, sum(pageviews), 0 from dash_value_day where ${rollup} and day >= ${q.wholeDays}
        group by value
        union all
        select ${value} as value, 0, count(*), 0 from event
        where website_id = ${q.websiteId} and ts >= ${q.from} and ts < ${q.wholeDays} and type = 'pageview'
        group by ${value}
      )
      select value, sum(visitors) as visitors, sum(pageviews) as pageviews, sum(conversions) as conversions,
        count(*) over () as total
      from counted${known}
      group by value
      having sum(visitors) > 0
      order by visitors desc, pageviews desc, case when value = '' then 1 else 0 end, value
      limit ${page.limit} offset ${page.offset}`.execute(this.db);
    return result.rows;
  }

  async visitors(q: EventScope): Promise<number> {
    const result = await sql<{ n: number | string }>`with ${scopedEvents(q)}
      select count(distinct visitor_id) as n from scoped`.execute(this.db);
    return Number(result.rows[0]?.n ?? 0);
  }

  async campaignNames(websiteId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('campaign')
      .select(['id', 'name'])
      .where('website_id', '=', websiteId)
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** The row count when the page asked for lies past the last row. */
  private async count(q: EventScope, source: BreakdownSource, known: RawBuilder<unknown>): Promise<number> {
    const result = await sql<{ n: number | string }>`with ${scopedEvents(q)},
      valued as (${this.valued(q, source)})
      select count(*) as n from (select value from valued${known} group by value) grouped`.execute(this.db);
    return Number(result.rows[0]?.n ?? 0);
  }

  /**
   * `visitor_id, pageviews, value` rows to count: one per event of `scoped` (pageviews 1 for a
   * pageview), or for visitor values one per visitor and value with the visitor's pageviews.
   */
  private valued(q: EventScope, source: BreakdownSource): RawBuilder<unknown> {
    const pageview = sql`case when type = 'pageview' then 1 else 0 end`;
    switch (source.kind) {
      case 'event':
        return sql`select visitor_id, ${pageview} as pageviews, ${sql.ref(source.column)} as value from scoped`;
      case 'pageview':
        return sql`select visitor_id, 1 as pageviews, path as value from scoped where type = 'pageview'`;
      case 'session':
        return sql`select visitor_id, ${pageview} as pageviews, ${sessionValue(source.column, source.pick)} as value
          from scoped`;
      case 'visitor':
        // Each visitor's values meet their events in one sorted pass (a window), not a join: SQLite
        // would join the two derived tables row by row.
        return sql`select visitor_id, visitor_pageviews as pageviews, value from (
            select visitor_id, value, held,
              sum(pageviews) over (partition by visitor_id) as visitor_pageviews,
              max(1 - held) over (partition by visitor_id) as in_scope
            from (
              select visitor_id, ${pageview} as pageviews, cast(null as text) as value, 0 as held from scoped
              union all
              select visitor_id, 0 as pageviews, value, 1 as held from (${this.visitorValues(q, source)}) v
              where value is not null
            ) combined
          ) attached where held = 1 and in_scope = 1`;
    }
  }

  /** `visitor_id, value`: each visitor's goals, or values or keys of their custom event properties. */
  private visitorValues(q: EventScope, source: VisitorSource): RawBuilder<unknown> {
    if (source.of === 'goal')
      return sql`select distinct visitor_id, goal_name as value from conversion
        where website_id = ${q.websiteId} and ts >= ${q.from} and visitor_id is not null`;
    if (source.of === 'prop')
      return sql`select distinct visitor_id, ${propValue(this.dialect, source.key)} as value from scoped
        where type = 'custom' and props is not null`;
    return perDialect<RawBuilder<unknown>>(this.dialect, {
      postgres: sql`select distinct visitor_id, jsonb_object_keys(cast(props as jsonb)) as value from scoped
        where type = 'custom' and props is not null`,
      sqlite: sql`select distinct scoped.visitor_id, property.key as value from scoped, json_each(scoped.props) property
        where scoped.type = 'custom' and scoped.props is not null`,
    });
  }
}

function countedRow(r: CountedSql): CountedBreakdownRow {
  return {
    value: r.value === null ? null : String(r.value),
    visitors: Number(r.visitors),
    pageviews: Number(r.pageviews),
    conversions: Number(r.conversions),
  };
}
