import type { BreakdownFilterKey } from '@ocx/contracts';
import { breakdownPlan, type SessionColumn } from '@ocx/core';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { convertedVisitors, type EventScope, SCOPE_COLUMNS } from '../sql/event-filters';
import { inRange } from './clickhouse-query';
import { current, live } from './mirror-reads.clickhouse';

/**
 * sql/event-filters.ts in ClickHouse SQL: `in_range` (the website's events in the range) and
 * `scoped` (those of the sessions matching every filter), to follow `WITH`. The goal filter's
 * visitors come from ClickHouse's copy of the conversions; every value is a parameter.
 */
export interface ClickHouseScope {
  /** `in_range AS (…), scoped AS (…)`. */
  cte: string;
  params: Record<string, unknown>;
}

const COLUMNS = SCOPE_COLUMNS.join(', ');

/**
 * A session's value (sessionValue in sql/event-filters.ts) as an aggregate over its events, to use
 * with `GROUP BY session_id`: one pass, where a window over every event of the range sorted by
 * session took tens of seconds at 10M events. The value is wrapped in a tuple of a Nullable so that a
 * NULL first value stays NULL (argMin skips no tuple) and a session without a pageview gets NULL.
 */
export function sessionValueCh(
  column: SessionColumn,
  pick: 'first_event' | 'first_pageview' | 'last_pageview',
): string {
  const value = `tuple(toNullable(${column}))`;
  if (pick === 'first_event') return `argMin(${value}, (ts, id)).1`;
  const fn = pick === 'last_pageview' ? 'argMaxIf' : 'argMinIf';
  return `${fn}(${value}, (ts, id), type = 'pageview').1`;
}

/** The visitors with a conversion (of `goal`, or any) in the range, from the SQL database. */
export async function convertedVisitorIds(
  db: Kysely<DB>,
  q: Pick<EventScope, 'websiteId' | 'from' | 'to'>,
  goal?: string,
): Promise<string[]> {
  const result = await sql<{ visitor_id: string }>`${convertedVisitors(q, goal)}`.execute(db);
  return result.rows.map((r) => r.visitor_id);
}

/**
 * `(SELECT visitor_id …)`: the visitors with a conversion (of the goal in the parameter `goal`, or
 * any) in the scope's range, from ClickHouse's copy of the SQL conversions (mirror.clickhouse.ts);
 * after IN, inside a query with the scope's parameters.
 */
export function convertedIn(q: Pick<EventScope, 'to'>, goal?: string): string {
  const named = goal === undefined ? '' : ` AND goal_name = {${goal}:String}`;
  return `(SELECT visitor_id FROM ${current('conversions')}
    WHERE ${inRange(q.to !== undefined)} AND ${live}
    AND visitor_id IS NOT NULL${named})`;
}

/** The scope's `in_range` and `scoped` for ClickHouse, with their parameters. */
export function clickHouseScope(q: EventScope): ClickHouseScope {
  const params: Record<string, unknown> = { w: q.websiteId, from: q.from, to: q.to ?? 0 };
  const terms: string[] = [];
  let n = 0;
  for (const [key, value] of Object.entries(q.filters) as [BreakdownFilterKey, string | undefined][]) {
    if (value === undefined) continue;
    const name = `f${n++}`;
    if (key === 'goal') {
      params[name] = value;
      terms.push(`visitor_id IN ${convertedIn(q, name)}`);
      continue;
    }
    params[name] = value;
    const { source } = breakdownPlan(key);
    const is = `{${name}:String}`;
    switch (source.kind) {
      case 'event':
        terms.push(`session_id IN (SELECT session_id FROM in_range WHERE ${source.column} = ${is})`);
        break;
      case 'pageview':
        terms.push(
          `session_id IN (SELECT session_id FROM in_range WHERE type = 'pageview' AND path = ${is})`,
        );
        break;
      case 'session':
        terms.push(`session_id IN (SELECT session_id FROM in_range GROUP BY session_id
            HAVING ${sessionValueCh(source.column, source.pick)} = ${is})`);
        break;
      default:
        throw new Error(`no filter for ${key}`);
    }
  }
  const where = terms.length > 0 ? ` WHERE ${terms.join(' AND ')}` : '';
  return {
    cte: `in_range AS (SELECT ${COLUMNS} FROM events
        WHERE ${inRange(q.to !== undefined)}),
      scoped AS (SELECT * FROM in_range${where})`,
    params,
  };
}
