import type { ClickHouseClient } from '@clickhouse/client';
import type { BreakdownSource, RolledBreakdown, SessionBreakdown } from '@ocx/core';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { chRow, chRows, inWebsite } from '../clickhouse/clickhouse-query';
import { clickHouseScope, convertedIn, sessionValueCh } from '../clickhouse/event-filters.clickhouse';
import { current, live } from '../clickhouse/mirror-reads.clickhouse';
import { ClickHouseDashboardRepository } from '../dashboard/dashboard.clickhouse';
import type { EventScope } from '../sql/event-filters';
import type {
  BreakdownPage,
  BreakdownRepository,
  BreakdownWindow,
  RolledScope,
  SessionSource,
  VisitorSource,
} from './breakdown.repository';
import { SqlBreakdownRepository } from './breakdown.sql';
import { type Counts, pageOf, rolledBreakdownRows } from './rolled-breakdown.clickhouse';

/**
 * Breakdowns with the raw events in ClickHouse, the same answers as SqlBreakdownRepository's: the
 * events' side (values, visitors, pageviews) is counted in ClickHouse, what stays in SQL (the
 * rollups) is read there and joined here by visitor id; the conversions come from ClickHouse's copy.
 */
export class ClickHouseBreakdownRepository implements BreakdownRepository {
  /** The SQL database's own reader: the campaigns' names are read there. */
  private readonly sql: SqlBreakdownRepository;

  constructor(
    private readonly sqlDb: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly clickhouse: ClickHouseClient,
  ) {
    this.sql = new SqlBreakdownRepository(sqlDb, dialect);
  }

  async rows(
    q: EventScope,
    source: BreakdownSource,
    listsUnknown: boolean,
    page: BreakdownWindow,
  ): Promise<BreakdownPage> {
    if (source.kind === 'visitor' && source.of === 'goal') return this.goalRows(q, page);
    const scope = clickHouseScope(q);
    const known = listsUnknown ? '' : ' WHERE value IS NOT NULL';
    const withValued = `WITH ${scope.cte}, valued AS (${valued(source)})`;
    const params = {
      ...scope.params,
      pk: source.kind === 'visitor' && source.of === 'prop' ? source.key : '',
    };
    const found = await chRows<{
      value: string | null;
      visitors: number;
      pageviews: number;
      conversions: number;
      total: number;
    }>(
      this.clickhouse,
      `${withValued}
      SELECT value, uniqExact(visitor_id) AS visitors, sum(pageviews) AS pageviews,
        uniqExactIf(visitor_id, visitor_id IN ${convertedIn(q)}) AS conversions,
        count() OVER () AS total
      FROM valued${known} GROUP BY value
      ORDER BY visitors DESC, pageviews DESC, isNull(value), value
      LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
      { ...params, limit: page.limit, offset: page.offset },
    );
    const rows = found.map((r) => ({
      value: r.value === null ? null : String(r.value),
      visitors: Number(r.visitors),
      pageviews: Number(r.pageviews),
      conversions: Number(r.conversions),
    }));
    if (found[0]) return { rows, total: Number(found[0].total) };
    if (page.offset === 0) return { rows, total: 0 };
    const count = await chRow<{ n: number }>(
      this.clickhouse,
      `${withValued} SELECT count() AS n FROM (SELECT value FROM valued${known} GROUP BY value)`,
      params,
    );
    return { rows, total: Number(count?.n ?? 0) };
  }

  /**
   * Goals and properties without filters: the SQL stores read them through indexes on their event
   * table (migration 0028), which holds nothing here; ClickHouse counts them from its events.
   */
  visitorValueRows(
    q: { websiteId: string; from: number },
    source: VisitorSource,
    page: BreakdownWindow,
  ): Promise<BreakdownPage> {
    return this.rows({ ...q, filters: {} }, source, false, page);
  }

  /**
   * Session values without filters: the SQL stores read them from the session rollups and their
   * event table's edge (empty here); ClickHouse counts them from its events.
   */
  sessionRows(
    q: { websiteId: string; from: number },
    _dimension: SessionBreakdown,
    source: SessionSource,
    page: BreakdownWindow,
  ): Promise<BreakdownPage> {
    return this.rows({ ...q, filters: {} }, source, false, page);
  }

  async visitors(q: EventScope): Promise<number> {
    const scope = clickHouseScope(q);
    const row = await chRow<{ n: number }>(
      this.clickhouse,
      `WITH ${scope.cte} SELECT uniqExact(visitor_id) AS n FROM scoped`,
      scope.params,
    );
    return Number(row?.n ?? 0);
  }

  rolledVisitors(websiteId: string, from: number): Promise<number> {
    return new ClickHouseDashboardRepository(this.sqlDb, this.clickhouse).visitorsSince(websiteId, from);
  }

  /** From SQL, where the campaigns are. */
  campaignNames(websiteId: string, ids: string[]): Promise<Map<string, string>> {
    return this.sql.campaignNames(websiteId, ids);
  }

  /** rolledRows from the rollups in SQL and the events in ClickHouse (rolled-breakdown.clickhouse.ts). */
  rolledRows(
    q: RolledScope,
    dimension: RolledBreakdown,
    listsUnknown: boolean,
    page: BreakdownWindow,
  ): Promise<BreakdownPage> {
    return rolledBreakdownRows(
      { sql: this.sqlDb, dialect: this.dialect, clickhouse: this.clickhouse },
      { q, dimension, listsUnknown, page },
    );
  }

  /**
   * Goals: each visitor's goals from ClickHouse's copy of the conversions, their pageviews in scope
   * from its events; a goal counts the visitors in scope who completed it.
   */
  private async goalRows(q: EventScope, page: BreakdownWindow): Promise<BreakdownPage> {
    const scope = clickHouseScope(q);
    // Each visitor's goals since `from` (as the SQL stores: to the end of time), their pageviews in
    // scope, and whether they converted in the range.
    const rows = await chRows<{ value: string; visitors: number; pageviews: number; conversions: number }>(
      this.clickhouse,
      `WITH ${scope.cte},
        goals AS (SELECT DISTINCT assumeNotNull(visitor_id) AS visitor_id, goal_name FROM ${current('conversions')}
          WHERE ${inWebsite({ from: true })} AND ${live} AND visitor_id IS NOT NULL),
        seen AS (SELECT visitor_id, countIf(type = 'pageview') AS pageviews FROM scoped
          WHERE visitor_id IN (SELECT visitor_id FROM goals) GROUP BY visitor_id)
      SELECT g.goal_name AS value, count() AS visitors, sum(s.pageviews) AS pageviews,
        countIf(g.visitor_id IN ${convertedIn(q)}) AS conversions
      FROM goals AS g INNER JOIN seen AS s ON s.visitor_id = g.visitor_id
      GROUP BY value`,
      scope.params,
    );
    const counted = new Map<string | null, Counts>(
      rows.map((r) => [
        String(r.value),
        { visitors: Number(r.visitors), pageviews: Number(r.pageviews), conversions: Number(r.conversions) },
      ]),
    );
    return pageOf(counted, page);
  }
}

/** `visitor_id, pageviews, value` rows to count, as SqlBreakdownRepository's valued(), on `scoped`. */
function valued(source: BreakdownSource): string {
  const pageview = "toUInt64(type = 'pageview')";
  switch (source.kind) {
    case 'event':
      return `SELECT visitor_id, ${pageview} AS pageviews, ${source.column} AS value FROM scoped`;
    case 'pageview':
      return "SELECT visitor_id, toUInt64(1) AS pageviews, toNullable(path) AS value FROM scoped WHERE type = 'pageview'";
    case 'session':
      // One row per session and visitor (a session has one visitor but for a stitched identity),
      // the session's pageviews on its first.
      return `SELECT visitor_id, if(i = 1, pv, 0) AS pageviews, toNullable(value) AS value FROM (
          SELECT groupUniqArray(visitor_id) AS visitors, toUInt64(countIf(type = 'pageview')) AS pv,
            ${sessionValueCh(source.column, source.pick)} AS value
          FROM scoped GROUP BY session_id
        ) ARRAY JOIN visitors AS visitor_id, arrayEnumerate(visitors) AS i`;
    case 'visitor': {
      const props = 'assumeNotNull(props)';
      const value =
        source.of === 'prop'
          ? `multiIf(JSONType(${props}, {pk:String}) = 'Null', NULL,
              JSONType(${props}, {pk:String}) = 'String', JSONExtractString(${props}, {pk:String}),
              JSONExtractRaw(${props}, {pk:String}))`
          : `arrayJoin(JSONExtractKeys(${props}))`;
      // Each visitor's values with all their pageviews in scope (goals: goalRows).
      return `SELECT v.visitor_id AS visitor_id, p.pageviews AS pageviews, toNullable(v.value) AS value
        FROM (SELECT DISTINCT visitor_id, ${value} AS value FROM scoped
          WHERE type = 'custom' AND props IS NOT NULL) AS v
        INNER JOIN (SELECT visitor_id, countIf(type = 'pageview') AS pageviews FROM scoped GROUP BY visitor_id) AS p
          ON v.visitor_id = p.visitor_id
        WHERE v.value IS NOT NULL`;
    }
  }
}
