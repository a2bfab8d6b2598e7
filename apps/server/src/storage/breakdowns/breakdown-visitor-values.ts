import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type Dialect, perDialect } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { VISITOR_SEEN_STEP_MS } from '../dashboard/dashboard-rollups';
import { convertedVisitors } from '../sql/event-filters';
import type { VisitorSource } from './breakdown.repository';

/** A counted row as the database gives it, with the number of rows on every row. */
export type CountedSql = {
  value: string | null;
  visitors: number | string;
  pageviews: number | string;
  conversions: number | string;
  total: number | string;
};

/**
 * An unfiltered breakdown by a visitor value (goals, custom property values or keys) without a pass
 * over the events in range, the same rows as SqlBreakdownRepository.rows (tested so): the values come
 * from the conversions or from the custom events with properties (event_custom_props_idx), and each
 * of their visitors' pageviews in range from one range of event_visitor_pageview_idx (migration 0028).
 * A goal's visitor counts only when seen in range (the raw breakdown joins the goals to the events
 * in range): dash_visitor's last_seen says so, corrected for its step as visitorsSince is.
 */
export async function visitorValueRows(
  db: Kysely<DB>,
  dialect: Dialect,
  q: { websiteId: string; from: number },
  source: VisitorSource,
  page: { limit: number; offset: number },
): Promise<CountedSql[]> {
  const { websiteId, from } = q;
  const goal = source.of === 'goal';
  // A visitor with a pageview in range was seen; one without is looked up in dash_visitor.
  const seen = goal
    ? sql` where pageviews > 0 or exists (select 1 from dash_visitor d where d.website_id = ${websiteId}
        and d.visitor_id = counted.visitor_id and (d.last_seen >= ${from} or (d.last_seen >= ${from - VISITOR_SEEN_STEP_MS}
        and exists (select 1 from event e where e.website_id = ${websiteId} and e.ts >= ${from}
          and e.ts < ${from + VISITOR_SEEN_STEP_MS} and e.visitor_id = counted.visitor_id))))`
    : sql``;
  // Every visitor of a goal converted; a property value's visitors are looked up.
  const converted = goal
    ? sql`count(*)`
    : sql`sum(case when visitor_id in (select visitor_id from converted) then 1 else 0 end)`;
  // One row per visitor and value with the visitor's pageviews beside it, counted in a correlated
  // subquery: a join of two derived tables would be run row by row on SQLite. Materialized: SQLite
  // would otherwise inline it and count each visitor's pageviews twice (for `seen` and the sum).
  const result = await sql<CountedSql>`with converted as (${convertedVisitors(q)}),
    counted as materialized (
      select p.value, p.visitor_id, (select count(*) from event e where e.website_id = ${websiteId}
        and e.visitor_id = p.visitor_id and e.type = 'pageview' and e.ts >= ${from}) as pageviews
      from (${values(dialect, q, source)}) p
    )
    select value, count(*) as visitors, sum(pageviews) as pageviews, ${converted} as conversions,
      count(*) over () as total
    from counted${seen}
    group by value
    order by visitors desc, pageviews desc, value
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return result.rows;
}

/** `visitor_id, value`, distinct and never null: the visitors' goals, property values or keys in range. */
function values(dialect: Dialect, q: { websiteId: string; from: number }, source: VisitorSource) {
  const { websiteId, from } = q;
  if (source.of === 'goal')
    return sql`select distinct visitor_id, goal_name as value from conversion
      where website_id = ${websiteId} and ts >= ${from} and visitor_id is not null`;
  // The partial index's own terms, so both dialects read event_custom_props_idx.
  const customs = sql`select visitor_id, props from event where website_id = ${websiteId} and ts >= ${from}
    and type = 'custom' and props is not null`;
  if (source.of === 'prop')
    return sql`select distinct visitor_id, value from (
        select visitor_id, ${propValue(dialect, source.key)} as value from (${customs}) custom
      ) props where value is not null`;
  return perDialect<RawBuilder<unknown>>(dialect, {
    postgres: sql`select distinct visitor_id, jsonb_object_keys(cast(props as jsonb)) as value from (${customs}) custom`,
    sqlite: sql`select distinct custom.visitor_id, property.key as value
      from (${customs}) custom, json_each(custom.props) property`,
  });
}

/** A custom event property's value as text ('true', '42', 'pro'); null when absent or null. */
export function propValue(dialect: Dialect, key: string): RawBuilder<string | null> {
  const path = `$."${key}"`;
  return perDialect<RawBuilder<string | null>>(dialect, {
    postgres: sql`(cast(props as jsonb) ->> cast(${key} as text))`,
    // json_extract gives 1 and 0 for true and false: json_type tells them apart.
    sqlite: sql`case json_type(props, ${path})
      when 'true' then 'true' when 'false' then 'false' when 'null' then null
      else cast(json_extract(props, ${path}) as text) end`,
  });
}
