import type { ClickHouseClient } from '@clickhouse/client';
import type { CountedBreakdownRow, RolledBreakdown } from '@ocx/core';
import { type Kysely, sql } from 'kysely';
import { type Dialect, perDialect } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { chRows, inWebsite } from '../clickhouse/clickhouse-query';
import { convertedVisitorIds } from '../clickhouse/event-filters.clickhouse';
import { VISITOR_SEEN_STEP_MS } from '../dashboard/dashboard-rollups';
import { convertedVisitors } from '../sql/event-filters';
import type { BreakdownPage, BreakdownWindow, RolledScope } from './breakdown.repository';
import { convertedPerValue, valueList, visitorsPerValue } from './breakdown-value-counts';

/** Visitor ids per ClickHouse parameter: keeps a query's URL far below ClickHouse's 1 MiB. */
const IDS_PER_QUERY = 2000;

/** Each rolled-up breakdown's value on an event row (breakdown-rollups.ts ROLLED_COLUMNS). */
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

export type Counts = { visitors: number; pageviews: number; conversions: number };

function chunks<T>(items: T[], size = IDS_PER_QUERY): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Text in the SQL stores' order (SQLite's binary, PostgreSQL's C collation): by UTF-8 bytes. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Rows counted here in the SQL order: most visitors, then pageviews, unknown last, then value. */
export function pageOf(counted: Map<string | null, Counts>, page: BreakdownWindow): BreakdownPage {
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

interface Stores {
  sql: Kysely<DB>;
  dialect: Dialect;
  clickhouse: ClickHouseClient;
}

interface RolledQuestion {
  q: RolledScope;
  dimension: RolledBreakdown;
  listsUnknown: boolean;
  page: BreakdownWindow;
}

type CountedSql = {
  value: string;
  visitors: number | string;
  pageviews: number | string;
  conversions: number | string;
};

/**
 * SqlBreakdownRepository.rolledRows with the events in ClickHouse: the rollups are read in SQL as
 * there (visitors per value from their day counts, so a range never walks every sighting), the
 * pageviews before the whole days and the sightings seen again a step after `from` come from
 * ClickHouse's events.
 */
export async function rolledBreakdownRows(stores: Stores, ask: RolledQuestion): Promise<BreakdownPage> {
  const { q, dimension } = ask;
  const [rolled, trailing, edge] = await Promise.all([
    rolledCounts(stores, q, dimension),
    trailingSightings(stores, q, dimension),
    chRows<{ value: string; n: number }>(
      stores.clickhouse,
      `SELECT ${ROLLED_VALUE[dimension]} AS value, count() AS n FROM events
        WHERE ${inWebsite({ from: true, to: true })} AND type = 'pageview'
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
  for (const r of rolled)
    add(String(r.value), {
      visitors: Number(r.visitors),
      pageviews: Number(r.pageviews),
      conversions: Number(r.conversions),
    });
  for (const r of edge) add(String(r.value), { pageviews: Number(r.n) });
  const stepped = await seenAgain(stores.clickhouse, q, dimension, trailing);
  if (stepped.length > 0) {
    const converted = new Set(
      await convertedVisitorIds(stores.sql, { websiteId: q.websiteId, from: q.from }),
    );
    for (const s of stepped) add(s.value, { visitors: 1, conversions: converted.has(s.visitor_id) ? 1 : 0 });
  }
  const shown = new Map<string | null, Counts>();
  for (const [value, c] of counted) {
    // As the SQL stores' `having`: a value listed with no visitor in range is not a row.
    if (c.visitors === 0 || (value === '' && !ask.listsUnknown)) continue;
    shown.set(value === '' ? null : value, c);
  }
  return pageOf(shown, ask.page);
}

/** Visitors, converting visitors and whole days' pageviews per value, from the SQL rollups. */
async function rolledCounts(stores: Stores, q: RolledScope, dimension: RolledBreakdown) {
  const rollup = sql`website_id = ${q.websiteId} and dimension = ${dimension}`;
  const result = await sql<CountedSql>`with recursive converted as (${convertedVisitors(q)}),
    ${valueList(q.websiteId, dimension)},
    counted as (
      ${visitorsPerValue(q.websiteId, dimension, q.from)}
      union all
      ${convertedPerValue(stores.dialect, q.websiteId, dimension, q.from)}
      union all
      select value, 0, sum(pageviews), 0 from dash_value_day where ${rollup} and day >= ${q.wholeDays}
      group by value
    )
    select value, sum(visitors) as visitors, sum(pageviews) as pageviews, sum(conversions) as conversions
    from counted group by value`.execute(stores.sql);
  return result.rows;
}

/**
 * The sightings stored a step before `from`: each value's own index range (valueList), so the
 * read stays a seek per value instead of a pass over every sighting of the dimension.
 */
async function trailingSightings(
  stores: Stores,
  q: RolledScope,
  dimension: RolledBreakdown,
): Promise<{ visitor_id: string; value: string }[]> {
  if (q.from <= 0) return [];
  const listedFirst = perDialect(stores.dialect, { sqlite: sql`cross join`, postgres: sql`join` });
  const result = await sql<{ visitor_id: string; value: string }>`with recursive
    ${valueList(q.websiteId, dimension)}
    select v.visitor_id, v.value from listed l
    ${listedFirst} dash_value_visitor v on v.website_id = ${q.websiteId} and v.dimension = ${dimension}
      and v.value = l.value
    where v.last_seen >= ${q.from - VISITOR_SEEN_STEP_MS} and v.last_seen < ${q.from}`.execute(stores.sql);
  return result.rows;
}

/** Of the sightings stored a step before `from`, those whose value ClickHouse has in the step after it. */
async function seenAgain(
  clickhouse: ClickHouseClient,
  q: RolledScope,
  dimension: RolledBreakdown,
  trailing: { visitor_id: string; value: string }[],
): Promise<{ visitor_id: string; value: string }[]> {
  const stored = new Set(trailing.map((t) => JSON.stringify([t.visitor_id, t.value])));
  const pageviewsOnly = dimension === 'page' ? " AND type = 'pageview'" : '';
  const seen: { visitor_id: string; value: string }[] = [];
  for (const ids of chunks([...new Set(trailing.map((t) => t.visitor_id))])) {
    const rows = await chRows<{ visitor_id: string; value: string }>(
      clickhouse,
      `SELECT DISTINCT visitor_id, ${ROLLED_VALUE[dimension]} AS value FROM events
        WHERE ${inWebsite({ from: true, to: true })}${pageviewsOnly}
          AND visitor_id IN {v:Array(String)}`,
      { w: q.websiteId, from: q.from, to: q.from + VISITOR_SEEN_STEP_MS, v: ids },
    );
    seen.push(...rows.filter((r) => stored.has(JSON.stringify([r.visitor_id, r.value]))));
  }
  return seen;
}
