import { type DashboardDelta, localDayOf } from '@ocx/core';
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AnyRollupTable, RollupRow, RollupTableName } from '../rollups/rollup-table';
import { ROLLUP_TABLES } from '../rollups/rollup-tables';
import { prepareRollupUpsert, type SqliteRollupUpsert, upsertRollupRows } from '../rollups/rollup-upsert';

export { VISITOR_SEEN_STEP_MS } from '../rollups/rollup-tables';

/** Pageviews, events and newly seen visitors per day, ready for dash_day. */
function dayRows(delta: DashboardDelta, newVisitorsPerDay: Map<number, number>) {
  const days = new Map<number, { pageviews: number; visitors: number; events: number }>();
  for (const d of delta.days) days.set(d.day, { pageviews: d.pageviews, visitors: 0, events: d.events });
  for (const [day, n] of newVisitorsPerDay) {
    const row = days.get(day) ?? { pageviews: 0, visitors: 0, events: 0 };
    row.visitors += n;
    days.set(day, row);
  }
  return [...days].map(([day, r]) => ({ day, ...r }));
}

const dayFunctions = new Map<string, (ts: number) => number>();

/**
 * The start of the local day holding an instant, in a website's zone: the rollups' day key
 * (docs/definitions.md#time-zone). An unknown website (events stored straight in tests) counts UTC days.
 */
export function rollupDayOf(timeZone: string | undefined): (ts: number) => number {
  const zone = timeZone ?? 'UTC';
  let dayOf = dayFunctions.get(zone);
  if (!dayOf) {
    dayOf = localDayOf(zone);
    dayFunctions.set(zone, dayOf);
  }
  return dayOf;
}

/** The day key of a website's rollups, read in the writer's transaction so a zone change is seen at once. */
export async function rollupDayIn(trx: Transaction<DB> | Kysely<DB>, websiteId: string) {
  const row = await trx
    .selectFrom('website')
    .select('timezone')
    .where('id', '=', websiteId)
    .executeTakeFirst();
  return rollupDayOf(row?.timezone);
}

type DeltaTables = 'dashDay' | 'dashVisitor' | 'dashPageDay' | 'dashPage' | 'dashSourceDay' | 'dashEventDay';
type DeltaRows = { [K in DeltaTables]: RollupRow<(typeof ROLLUP_TABLES)[K]['table']>[] };

/** A pass's dash_day rows and every other table's but dash_visitor_day, whose insertions make `fresh`. */
function deltaRows(websiteId: string, delta: DashboardDelta, fresh: Map<number, number>): DeltaRows {
  const website_id = websiteId;
  return {
    dashDay: dayRows(delta, fresh).map((d) => ({ website_id, ...d })),
    dashVisitor: delta.visitors.map((v) => ({ website_id, visitor_id: v.visitorId, last_seen: v.lastSeen })),
    dashPageDay: delta.pageDays.map((p) => ({
      website_id,
      day: p.day,
      page: p.page,
      pageviews: p.pageviews,
    })),
    dashPage: delta.pages.map((p) => ({ website_id, page: p.page, path: p.path, last_seen: p.lastSeen })),
    dashSourceDay: delta.sourceDays.map((r) => ({
      website_id,
      day: r.day,
      channel: r.channel,
      referrer_domain: r.referrerDomain,
      clicks: r.clicks,
      without_consent: r.withoutConsent,
    })),
    dashEventDay: delta.eventDays.map((d) => ({ website_id, day: d.day, events: d.events })),
  };
}

const DELTA_TABLES: DeltaTables[] = [
  'dashDay',
  'dashVisitor',
  'dashPageDay',
  'dashPage',
  'dashSourceDay',
  'dashEventDay',
];

/** The SQLite hot path: prepared statements, run inside the batch writer's transaction. */
export class SqliteDashboardRollups {
  private readonly visitorDay: SqliteRollupUpsert<'dash_visitor_day'>;
  private readonly upserts: { [K in DeltaTables]: SqliteRollupUpsert<(typeof ROLLUP_TABLES)[K]['table']> };
  private readonly zone: SqliteDatabase.Statement;

  /** The day key of a website's rollups (see rollupDayIn). */
  dayOf(websiteId: string): (ts: number) => number {
    return rollupDayOf(this.zone.get(websiteId) as string | undefined);
  }

  constructor(sqlite: SqliteDatabase.Database) {
    this.zone = sqlite.prepare('select timezone from website where id = ?').pluck();
    this.visitorDay = prepareRollupUpsert(sqlite, ROLLUP_TABLES.dashVisitorDay);
    this.upserts = {
      dashDay: prepareRollupUpsert(sqlite, ROLLUP_TABLES.dashDay),
      dashVisitor: prepareRollupUpsert(sqlite, ROLLUP_TABLES.dashVisitor),
      dashPageDay: prepareRollupUpsert(sqlite, ROLLUP_TABLES.dashPageDay),
      dashPage: prepareRollupUpsert(sqlite, ROLLUP_TABLES.dashPage),
      dashSourceDay: prepareRollupUpsert(sqlite, ROLLUP_TABLES.dashSourceDay),
      dashEventDay: prepareRollupUpsert(sqlite, ROLLUP_TABLES.dashEventDay),
    };
  }

  apply(websiteId: string, delta: DashboardDelta): void {
    const fresh = new Map<number, number>();
    for (const v of delta.visitorDays) {
      if (this.visitorDay.run({ website_id: websiteId, day: v.day, visitor_id: v.visitorId }) > 0)
        fresh.set(v.day, (fresh.get(v.day) ?? 0) + 1);
    }
    const rows = deltaRows(websiteId, delta, fresh);
    for (const table of DELTA_TABLES) {
      const upsert = this.upserts[table] as SqliteRollupUpsert<RollupTableName>;
      for (const row of rows[table]) upsert.run(row);
    }
  }
}

/** The same through Kysely (PostgreSQL, and SQLite outside the hot path), in the caller's transaction. */
export async function applyDashboardRollups(
  trx: Transaction<DB> | Kysely<DB>,
  websiteId: string,
  delta: DashboardDelta,
): Promise<void> {
  const fresh = new Map<number, number>();
  const visitorDays = delta.visitorDays.map((v) => ({
    website_id: websiteId,
    day: v.day,
    visitor_id: v.visitorId,
  }));
  for (const r of await upsertRollupRows(trx, ROLLUP_TABLES.dashVisitorDay, visitorDays))
    fresh.set(Number(r.day), (fresh.get(Number(r.day)) ?? 0) + 1);
  const rows = deltaRows(websiteId, delta, fresh);
  for (const table of DELTA_TABLES)
    await upsertRollupRows(trx, ROLLUP_TABLES[table] as AnyRollupTable, rows[table]);
}

/** Tables cleared with the rest of a website's events. */
export const dashboardTables = [
  'dash_event_day',
  'dash_day',
  'dash_visitor_day',
  'dash_visitor',
  'dash_page_day',
  'dash_page',
  'dash_source_day',
  // Its triggers take its rows off dash_value_seen_day, cleared after it.
  'dash_value_visitor',
  'dash_value_seen_day',
  'dash_value_day',
  'dash_session',
  // Its triggers take its rows off dash_session_day, cleared after it.
  'dash_session_hour',
  'dash_session_day',
] as const;
