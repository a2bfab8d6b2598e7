import type { ClickHouseClient } from '@clickhouse/client';
import type { BreakdownSource, CountedBreakdownRow, RolledBreakdown, SessionBreakdown } from '@ocx/core';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { type BreakdownPage, BreakdownRepository, type RolledScope } from '../sql/breakdown.repository';
import type { SessionSource } from '../sql/breakdown-session-values';
import type { VisitorSource } from '../sql/breakdown-visitor-values';
import { VISITOR_SEEN_STEP_MS } from '../sql/dashboard-rollups';
import type { Dialect } from '../sql/dialect';
import { convertedVisitors, type EventScope } from '../sql/event-filters';
import { ClickHouseDashboardRepository } from './dashboard.repository.clickhouse';
import {
  chRows,
  clickHouseScope,
  convertedIn,
  convertedVisitorIds,
  sessionValueCh,
} from './event-filters.clickhouse';
import { current, live } from './mirror-reads.clickhouse';

/** Visitor ids per ClickHouse parameter: keeps a query's URL far below ClickHouse's 1 MiB. */
const IDS_PER_QUERY = 2000;

/** Each rolled-up breakdown's value on an event row (sql/breakdown-rollups.ts ROLLED_COLUMNS). */
export const ROLLED_VALUE: Record<RolledBreakdown, string> = {
  country: "ifNull(country, '')",
  region: "ifNull(region, '')",
  city: "ifNull(city, '')",
  device: "ifNull(device_type, '')",
  browser: "ifNull(browser, '')",
  os: "ifNull(os, '')",
  screen: "ifNull(screen, '')",
  page: 'path',
};

type Page = { limit: number; offset: number };
type Counts = { visitors: number; pageviews: number; conversions: number };

function chunks<T>(items: T[], size = IDS_PER_QUERY): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Text in the SQL stores' order (SQLite's binary, PostgreSQL's C collation): by UTF-8 bytes. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Rows counted here in the SQL order: most visitors, then pageviews, unknown last, then value. */
function pageOf(counted: Map<string | null, Counts>, page: Page): BreakdownPage {
  const rows: CountedBreakdownRow[] = [...counted].map(([value, c]) => ({ value, ...c }));
  rows.sort(
    (a, b) =>
      b.visitors - a.visitors ||
      b.pageviews - a.pageviews ||
      (a.value === null ? 1 : 0) - (b.value === null ? 1 : 0) ||
      byBytes(a.value ?? '', b.value ?? ''),
  );
  return { rows: rows.slice(page.offset, page.offset + page.limit), total: rows.length };
}

/**
 * Breakdowns with the raw events in ClickHouse, the same answers as BreakdownRepository's: the
 * events' side (values, visitors, pageviews) is counted in ClickHouse, what stays in SQL (the
 * rollups) is read there and joined here by visitor id; the conversions come from ClickHouse's copy.
 */
export class ClickHouseBreakdownRepository extends BreakdownRepository {
  constructor(
    private readonly sqlDb: Kysely<DB>,
    dialect: Dialect,
    private readonly clickhouse: ClickHouseClient,
  ) {
    super(sqlDb, dialect);
  }

  override async rows(
    q: EventScope,
    source: BreakdownSource,
    listsUnknown: boolean,
    page: Page,
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
    const [count] = await chRows<{ n: number }>(
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
  override visitorValueRows(
    q: { websiteId: string; from: number },
    source: VisitorSource,
    page: Page,
  ): Promise<BreakdownPage> {
    return this.rows({ ...q, filters: {} }, source, false, page);
  }

  /**
   * Session values without filters: the SQL stores read them from the session rollups and their
   * event table's edge (empty here); ClickHouse counts them from its events.
   */
  override sessionRows(
    q: { websiteId: string; from: number },
    _dimension: SessionBreakdown,
    source: SessionSource,
    page: Page,
  ): Promise<BreakdownPage> {
    return this.rows({ ...q, filters: {} }, source, false, page);
  }

  override async visitors(q: EventScope): Promise<number> {
    const scope = clickHouseScope(q);
    const [row] = await chRows<{ n: number }>(
      this.clickhouse,
      `WITH ${scope.cte} SELECT uniqExact(visitor_id) AS n FROM scoped`,
      scope.params,
    );
    return Number(row?.n ?? 0);
  }

  override rolledVisitors(websiteId: string, from: number): Promise<number> {
    return new ClickHouseDashboardRepository(this.sqlDb, this.clickhouse).visitorsSince(websiteId, from);
  }

  /**
   * rolledRows from the rollups in SQL and, from ClickHouse, the pageviews before the whole days
   * and which of the sightings stored a step before `from` were seen again after it.
   */
  override async rolledRows(
    q: RolledScope,
    dimension: RolledBreakdown,
    listsUnknown: boolean,
    page: Page,
  ): Promise<BreakdownPage> {
    const rollup = sql`website_id = ${q.websiteId} and dimension = ${dimension}`;
    const [rolled, trailing, edge] = await Promise.all([
      sql<{
        value: string;
        visitors: number | string;
        pageviews: number | string;
        conversions: number | string;
      }>`
        with converted as (${convertedVisitors(q)}),
        counted as (
          select value, count(*) as visitors, 0 as pageviews, 0 as conversions from dash_value_visitor
          where ${rollup} and last_seen >= ${q.from} group by value
          union all
          select v.value, 0, 0, count(*) from converted c
          join dash_value_visitor v on v.website_id = ${q.websiteId} and v.dimension = ${dimension}
            and v.visitor_id = c.visitor_id
          where v.last_seen >= ${q.from} group by v.value
          union all
          select value, 0, sum(pageviews), 0 from dash_value_day where ${rollup} and day >= ${q.wholeDays}
          group by value
        )
        select value, sum(visitors) as visitors, sum(pageviews) as pageviews, sum(conversions) as conversions
        from counted group by value`.execute(this.sqlDb),
      this.sqlDb
        .selectFrom('dash_value_visitor')
        .select(['visitor_id', 'value'])
        .where('website_id', '=', q.websiteId)
        .where('dimension', '=', dimension)
        .where('last_seen', '>=', q.from - VISITOR_SEEN_STEP_MS)
        .where('last_seen', '<', q.from)
        .execute(),
      chRows<{ value: string; n: number }>(
        this.clickhouse,
        `SELECT ${ROLLED_VALUE[dimension]} AS value, count() AS n FROM events
        WHERE website_id = {w:String} AND ts >= {from:Int64} AND ts < {to:Int64} AND type = 'pageview'
        GROUP BY value`,
        { w: q.websiteId, from: q.from, to: q.wholeDays },
      ),
    ]);
    const counted = new Map<string, Counts>();
    const add = (value: string, c: Partial<Counts>) => {
      const row = counted.get(value) ?? { visitors: 0, pageviews: 0, conversions: 0 };
      row.visitors += c.visitors ?? 0;
      row.pageviews += c.pageviews ?? 0;
      row.conversions += c.conversions ?? 0;
      counted.set(value, row);
    };
    for (const r of rolled.rows)
      add(String(r.value), {
        visitors: Number(r.visitors),
        pageviews: Number(r.pageviews),
        conversions: Number(r.conversions),
      });
    for (const r of edge) add(String(r.value), { pageviews: Number(r.n) });
    const stepped = await this.seenAgain(q, dimension, trailing);
    if (stepped.length > 0) {
      const converted = new Set(
        await convertedVisitorIds(this.sqlDb, { websiteId: q.websiteId, from: q.from }),
      );
      for (const s of stepped)
        add(s.value, { visitors: 1, conversions: converted.has(s.visitor_id) ? 1 : 0 });
    }
    const shown = new Map<string | null, Counts>();
    for (const [value, c] of counted) {
      if (value === '' && !listsUnknown) continue;
      shown.set(value === '' ? null : value, c);
    }
    return pageOf(shown, page);
  }

  /** Of the sightings stored a step before `from`, those whose value ClickHouse has in the step after it. */
  private async seenAgain(
    q: RolledScope,
    dimension: RolledBreakdown,
    trailing: { visitor_id: string; value: string }[],
  ): Promise<{ visitor_id: string; value: string }[]> {
    const stored = new Set(trailing.map((t) => JSON.stringify([t.visitor_id, t.value])));
    const pageviewsOnly = dimension === 'page' ? " AND type = 'pageview'" : '';
    const seen: { visitor_id: string; value: string }[] = [];
    for (const ids of chunks([...new Set(trailing.map((t) => t.visitor_id))])) {
      const rows = await chRows<{ visitor_id: string; value: string }>(
        this.clickhouse,
        `SELECT DISTINCT visitor_id, ${ROLLED_VALUE[dimension]} AS value FROM events
        WHERE website_id = {w:String} AND ts >= {from:Int64} AND ts < {to:Int64}${pageviewsOnly}
          AND visitor_id IN {v:Array(String)}`,
        { w: q.websiteId, from: q.from, to: q.from + VISITOR_SEEN_STEP_MS, v: ids },
      );
      seen.push(...rows.filter((r) => stored.has(JSON.stringify([r.visitor_id, r.value]))));
    }
    return seen;
  }

  /**
   * Goals: each visitor's goals from ClickHouse's copy of the conversions, their pageviews in scope
   * from its events; a goal counts the visitors in scope who completed it.
   */
  private async goalRows(q: EventScope, page: Page): Promise<BreakdownPage> {
    const scope = clickHouseScope(q);
    // Each visitor's goals since `from` (as the SQL stores: to the end of time), their pageviews in
    // scope, and whether they converted in the range.
    const rows = await chRows<{ value: string; visitors: number; pageviews: number; conversions: number }>(
      this.clickhouse,
      `WITH ${scope.cte},
        goals AS (SELECT DISTINCT assumeNotNull(visitor_id) AS visitor_id, goal_name FROM ${current('conversions')}
          WHERE website_id = {w:String} AND ts >= {from:Int64} AND ${live} AND visitor_id IS NOT NULL),
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

/** `visitor_id, pageviews, value` rows to count, as BreakdownRepository's valued(), on `scoped`. */
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
