import { type DashboardDelta, localDayOf } from '@ocx/core';
import type SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * A visitor's `last_seen` moves only when a later event is at least this much newer, so a visitor
 * browsing a few pages a minute costs one upsert of dash_visitor (a random page of the table and of
 * its last_seen index) a minute instead of one per event. The stored value may then trail the
 * visitor's latest event by less than this step; DashboardRepository.visitorsSince corrects for it.
 */
export const VISITOR_SEEN_STEP_MS = 60_000;

/** Rows per statement: 5 columns × 500 stays far below both dialects' parameter caps. */
const CHUNK = 500;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

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

const UPSERT = {
  visitorDay: `insert into dash_visitor_day (website_id, day, visitor_id) values (?, ?, ?)
    on conflict (website_id, day, visitor_id) do nothing`,
  day: `insert into dash_day (website_id, day, pageviews, visitors, events) values (?, ?, ?, ?, ?)
    on conflict (website_id, day) do update set pageviews = dash_day.pageviews + excluded.pageviews,
    visitors = dash_day.visitors + excluded.visitors, events = dash_day.events + excluded.events`,
  visitor: `insert into dash_visitor (website_id, visitor_id, last_seen) values (?, ?, ?)
    on conflict (website_id, visitor_id) do update set last_seen = excluded.last_seen
    where excluded.last_seen >= dash_visitor.last_seen + ${VISITOR_SEEN_STEP_MS}`,
  pageDay: `insert into dash_page_day (website_id, day, page, pageviews) values (?, ?, ?, ?)
    on conflict (website_id, day, page) do update set pageviews = dash_page_day.pageviews + excluded.pageviews`,
  page: `insert into dash_page (website_id, page, path, last_seen) values (?, ?, ?, ?)
    on conflict (website_id, page) do update set path = excluded.path, last_seen = excluded.last_seen
    where excluded.last_seen > dash_page.last_seen`,
  eventDay: `insert into dash_event_day (website_id, day, events) values (?, ?, ?)
    on conflict (website_id, day) do update set events = dash_event_day.events + excluded.events`,
  sourceDay: `insert into dash_source_day (website_id, day, channel, referrer_domain, clicks, without_consent)
    values (?, ?, ?, ?, ?, ?) on conflict (website_id, day, channel, referrer_domain) do update
    set clicks = dash_source_day.clicks + excluded.clicks,
    without_consent = dash_source_day.without_consent + excluded.without_consent`,
} as const;

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

/** The SQLite hot path: prepared statements, run inside the batch writer's transaction. */
export class SqliteDashboardRollups {
  private readonly statements: Record<keyof typeof UPSERT, SqliteDatabase.Statement>;
  private readonly zone: SqliteDatabase.Statement;

  /** The day key of a website's rollups (see rollupDayIn). */
  dayOf(websiteId: string): (ts: number) => number {
    return rollupDayOf(this.zone.get(websiteId) as string | undefined);
  }

  constructor(sqlite: SqliteDatabase.Database) {
    this.zone = sqlite.prepare('select timezone from website where id = ?').pluck();
    this.statements = Object.fromEntries(
      Object.entries(UPSERT).map(([name, text]) => [name, sqlite.prepare(text)]),
    ) as Record<keyof typeof UPSERT, SqliteDatabase.Statement>;
  }

  apply(websiteId: string, delta: DashboardDelta): void {
    const s = this.statements;
    const fresh = new Map<number, number>();
    for (const v of delta.visitorDays) {
      if (s.visitorDay.run(websiteId, v.day, v.visitorId).changes > 0)
        fresh.set(v.day, (fresh.get(v.day) ?? 0) + 1);
    }
    for (const d of dayRows(delta, fresh)) s.day.run(websiteId, d.day, d.pageviews, d.visitors, d.events);
    for (const v of delta.visitors) s.visitor.run(websiteId, v.visitorId, v.lastSeen);
    for (const p of delta.pageDays) s.pageDay.run(websiteId, p.day, p.page, p.pageviews);
    for (const p of delta.pages) s.page.run(websiteId, p.page, p.path, p.lastSeen);
    for (const r of delta.sourceDays)
      s.sourceDay.run(websiteId, r.day, r.channel, r.referrerDomain, r.clicks, r.withoutConsent);
    for (const d of delta.eventDays) s.eventDay.run(websiteId, d.day, d.events);
  }
}

/** The same through Kysely (PostgreSQL, and SQLite outside the hot path), in the caller's transaction. */
export async function applyDashboardRollups(
  trx: Transaction<DB> | Kysely<DB>,
  websiteId: string,
  delta: DashboardDelta,
): Promise<void> {
  const fresh = new Map<number, number>();
  for (const chunk of chunks(delta.visitorDays)) {
    const rows = await trx
      .insertInto('dash_visitor_day')
      .values(chunk.map((v) => ({ website_id: websiteId, day: v.day, visitor_id: v.visitorId })))
      .onConflict((oc) => oc.columns(['website_id', 'day', 'visitor_id']).doNothing())
      .returning('day')
      .execute();
    for (const r of rows) fresh.set(Number(r.day), (fresh.get(Number(r.day)) ?? 0) + 1);
  }
  for (const chunk of chunks(dayRows(delta, fresh))) {
    await trx
      .insertInto('dash_day')
      .values(chunk.map((d) => ({ website_id: websiteId, ...d })))
      .onConflict((oc) =>
        oc.columns(['website_id', 'day']).doUpdateSet({
          pageviews: sql`dash_day.pageviews + excluded.pageviews`,
          visitors: sql`dash_day.visitors + excluded.visitors`,
          events: sql`dash_day.events + excluded.events`,
        }),
      )
      .execute();
  }
  const later = (table: string) => sql<boolean>`excluded.last_seen > ${sql.ref(`${table}.last_seen`)}`;
  const visitorLater = sql<boolean>`excluded.last_seen >= dash_visitor.last_seen + ${sql.lit(VISITOR_SEEN_STEP_MS)}`;
  for (const chunk of chunks(delta.visitors)) {
    await trx
      .insertInto('dash_visitor')
      .values(chunk.map((v) => ({ website_id: websiteId, visitor_id: v.visitorId, last_seen: v.lastSeen })))
      .onConflict((oc) =>
        oc
          .columns(['website_id', 'visitor_id'])
          .doUpdateSet({ last_seen: sql`excluded.last_seen` })
          .where(visitorLater),
      )
      .execute();
  }
  for (const chunk of chunks(delta.pageDays)) {
    await trx
      .insertInto('dash_page_day')
      .values(chunk.map((p) => ({ website_id: websiteId, day: p.day, page: p.page, pageviews: p.pageviews })))
      .onConflict((oc) =>
        oc
          .columns(['website_id', 'day', 'page'])
          .doUpdateSet({ pageviews: sql`dash_page_day.pageviews + excluded.pageviews` }),
      )
      .execute();
  }
  for (const chunk of chunks(delta.pages)) {
    await trx
      .insertInto('dash_page')
      .values(
        chunk.map((p) => ({ website_id: websiteId, page: p.page, path: p.path, last_seen: p.lastSeen })),
      )
      .onConflict((oc) =>
        oc
          .columns(['website_id', 'page'])
          .doUpdateSet({ path: sql`excluded.path`, last_seen: sql`excluded.last_seen` })
          .where(later('dash_page')),
      )
      .execute();
  }
  for (const chunk of chunks(delta.eventDays)) {
    await trx
      .insertInto('dash_event_day')
      .values(chunk.map((d) => ({ website_id: websiteId, day: d.day, events: d.events })))
      .onConflict((oc) =>
        oc
          .columns(['website_id', 'day'])
          .doUpdateSet({ events: sql`dash_event_day.events + excluded.events` }),
      )
      .execute();
  }
  for (const chunk of chunks(delta.sourceDays)) {
    await trx
      .insertInto('dash_source_day')
      .values(
        chunk.map((r) => ({
          website_id: websiteId,
          day: r.day,
          channel: r.channel,
          referrer_domain: r.referrerDomain,
          clicks: r.clicks,
          without_consent: r.withoutConsent,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['website_id', 'day', 'channel', 'referrer_domain']).doUpdateSet({
          clicks: sql`dash_source_day.clicks + excluded.clicks`,
          without_consent: sql`dash_source_day.without_consent + excluded.without_consent`,
        }),
      )
      .execute();
  }
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
