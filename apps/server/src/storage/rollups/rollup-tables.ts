import type { RollupTable, RollupTableName } from './rollup-table';

/**
 * A visitor's `last_seen` moves only when a later event is at least this much newer, so a visitor
 * browsing a few pages a minute costs one upsert of dash_visitor (a random page of the table and of
 * its last_seen index) a minute instead of one per event. The stored value may then trail the
 * visitor's latest event by less than this step; DashboardRepository.visitorsSince corrects for it.
 */
export const VISITOR_SEEN_STEP_MS = 60_000;

/** Strictly later, on integer milliseconds. */
const LATER = 1;

const describe = <T extends RollupTableName>(table: RollupTable<T>) => table;

/** Every rollup table the writers upsert, described once; rollup-upsert.ts makes the statements. */
export const ROLLUP_TABLES = {
  dashDay: describe({
    table: 'dash_day',
    key: ['website_id', 'day'],
    summed: ['pageviews', 'visitors', 'events'],
  }),
  /** Who was seen on a day: the row's insertion is what counts a day's new visitor. */
  dashVisitorDay: describe({ table: 'dash_visitor_day', key: ['website_id', 'day', 'visitor_id'] }),
  dashVisitor: describe({
    table: 'dash_visitor',
    key: ['website_id', 'visitor_id'],
    latest: ['last_seen'],
    newer: { column: 'last_seen', step: VISITOR_SEEN_STEP_MS },
  }),
  dashPageDay: describe({
    table: 'dash_page_day',
    key: ['website_id', 'day', 'page'],
    summed: ['pageviews'],
  }),
  dashPage: describe({
    table: 'dash_page',
    key: ['website_id', 'page'],
    latest: ['path', 'last_seen'],
    newer: { column: 'last_seen', step: LATER },
  }),
  dashEventDay: describe({ table: 'dash_event_day', key: ['website_id', 'day'], summed: ['events'] }),
  dashSourceDay: describe({
    table: 'dash_source_day',
    key: ['website_id', 'day', 'channel', 'referrer_domain'],
    summed: ['clicks', 'without_consent'],
  }),
  /** A page breakdown's visitor: last_seen in steps a minute, as dash_visitor's. */
  dashValueVisitor: describe({
    table: 'dash_value_visitor',
    key: ['website_id', 'dimension', 'visitor_id', 'value'],
    latest: ['last_seen'],
    newer: { column: 'last_seen', step: VISITOR_SEEN_STEP_MS },
  }),
  /** A session breakdown's visitor: last_seen is the latest start of their sessions with the value. */
  dashValueSessionVisitor: describe({
    table: 'dash_value_visitor',
    key: ['website_id', 'dimension', 'visitor_id', 'value'],
    latest: ['last_seen'],
    newer: { column: 'last_seen', step: LATER },
  }),
  dashValueDay: describe({
    table: 'dash_value_day',
    key: ['website_id', 'dimension', 'day', 'value'],
    summed: ['pageviews'],
  }),
  /** A session's first values and its exit, per visitor in it: each pass writes the whole row. */
  dashSession: describe({
    table: 'dash_session',
    key: ['website_id', 'session_id', 'visitor_id'],
    latest: [
      'started',
      'last_seen',
      'referrer_domain',
      'channel',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'campaign_id',
      'entry',
      'entry_ts',
      'exit_path',
      'exit_ts',
      'pageviews',
    ],
  }),
  dashSessionHour: describe({
    table: 'dash_session_hour',
    key: ['website_id', 'dimension', 'hour', 'value'],
    summed: ['pageviews'],
  }),
} as const;
