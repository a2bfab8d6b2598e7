import type { BreakdownFilterKey, BreakdownFilters } from '@ocx/contracts';
import { breakdownPlan, type SessionColumn } from '@ocx/core';
import { type RawBuilder, sql } from 'kysely';

/**
 * The dashboard's filters as SQL, written once for every reader of events (the breakdowns and
 * the filtered dashboard). A filter narrows whole sessions: a session counts when it matches every filter
 * (a country, a page it viewed, its entry or exit page, its source, a goal its visitor completed).
 *
 * Readers build on two common table expressions:
 * - `in_range`: the website's events in the time range, with the columns the filters and
 *   breakdowns read;
 * - `scoped`: those of the sessions that match the filters.
 */
export interface EventScope {
  websiteId: string;
  from: number;
  /** End of the range (exclusive); none: up to now. */
  to?: number;
  filters: BreakdownFilters;
}

/** The event columns `in_range` and `scoped` carry (the ClickHouse readers' too). */
export const SCOPE_COLUMNS = [
  'id',
  'event_id',
  'visitor_id',
  'session_id',
  'type',
  'ts',
  'url',
  'path',
  'country',
  'region',
  'city',
  'device_type',
  'browser',
  'os',
  'screen',
  'referrer_domain',
  'channel',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'campaign_id',
  'props',
] as const;

const COLUMNS = sql.raw(SCOPE_COLUMNS.join(', '));

/** `in_range as (…), scoped as (…)`: to follow `with` (more expressions may follow a comma). */
export function scopedEvents(q: EventScope): RawBuilder<unknown> {
  const terms = filterTerms(q);
  const where = terms.length > 0 ? sql` where ${sql.join(terms, sql` and `)}` : sql``;
  return sql`in_range as (select ${COLUMNS} from event
      where website_id = ${q.websiteId} and ts >= ${q.from}${endsBefore(q)}),
    scoped as (select * from in_range${where})`;
}

/**
 * A session's value for every event of it, as a window expression over a table with the event
 * columns: its first event's column, or its first or last pageview's path. A window instead of a
 * join to a per-session subquery: SQLite joins those row by row.
 */
export function sessionValue(
  column: SessionColumn,
  pick: 'first_event' | 'first_pageview' | 'last_pageview',
): RawBuilder<string | null> {
  if (pick === 'first_event')
    return sql`first_value(${sql.ref(column)}) over (partition by session_id order by ts, id)`;
  const pageviewsFirst = sql`case when type = 'pageview' then 0 else 1 end`;
  const order = pick === 'last_pageview' ? sql`ts desc, id desc` : sql`ts, id`;
  return sql`first_value(case when type = 'pageview' then ${sql.ref(column)} end)
    over (partition by session_id order by ${pageviewsFirst}, ${order})`;
}

/** Visitors who completed a goal (by name, or any) in the scope's range. */
export function convertedVisitors(
  q: Pick<EventScope, 'websiteId' | 'from' | 'to'>,
  goal?: string,
): RawBuilder<unknown> {
  const named = goal === undefined ? sql`` : sql` and goal_name = ${goal}`;
  return sql`select distinct visitor_id from conversion
    where website_id = ${q.websiteId} and ts >= ${q.from}${endsBefore(q)} and visitor_id is not null${named}`;
}

/** ` and ts < to` when the scope has an end. */
export const endsBefore = (q: Pick<EventScope, 'to'>) =>
  q.to === undefined ? sql`` : sql` and ts < ${q.to}`;

function filterTerms(q: EventScope): RawBuilder<unknown>[] {
  const terms: RawBuilder<unknown>[] = [];
  for (const [key, value] of Object.entries(q.filters) as [BreakdownFilterKey, string | undefined][]) {
    if (value === undefined) continue;
    terms.push(filterTerm(q, key, value));
  }
  return terms;
}

function filterTerm(q: EventScope, key: BreakdownFilterKey, value: string): RawBuilder<unknown> {
  if (key === 'goal') return sql`visitor_id in (${convertedVisitors(q, value)})`;
  const { source } = breakdownPlan(key);
  switch (source.kind) {
    case 'event':
      return sql`session_id in (select session_id from in_range where ${sql.ref(source.column)} = ${value})`;
    case 'pageview':
      return sql`session_id in (select session_id from in_range where type = 'pageview' and path = ${value})`;
    case 'session':
      return sql`session_id in (select session_id from (
          select session_id, ${sessionValue(source.column, source.pick)} as value from in_range
        ) chosen where value = ${value})`;
    default:
      throw new Error(`no filter for ${key}`);
  }
}
