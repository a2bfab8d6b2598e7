import {
  type IngestEvent,
  SESSION_BREAKDOWNS,
  type SessionRollupDelta,
  type StoredSession,
  sessionRollupDelta,
} from '@ocx/core';
import type SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Dialect, perDialect } from '../../db/dialect';
import type { DashSessionTable, DB } from '../../db/schema';
import type { RollupRow } from '../rollups/rollup-table';
import { ROLLUP_TABLES } from '../rollups/rollup-tables';
import { prepareRollupUpsert, type SqliteRollupUpsert, upsertRollupRows } from '../rollups/rollup-upsert';

/** A session breakdown's dash_session column, as SQL picking it by the dimension's name. */
const COLUMN_OF_DIMENSION = `case cast(? as text) ${Object.entries(SESSION_BREAKDOWNS)
  .map(([dimension, column]) => `when '${dimension}' then ${column}`)
  .join(' ')} end`;

/**
 * The session rollups (migrations 0033, 0036), written with the derived events. The statements run
 * once per session of a batch (a lookup); rows are written only when a session or a visitor in it
 * is new, it has new pageviews, its last_seen moves a step, or an earlier event re-keys it, and
 * pageviews are summed per value and hour over the whole batch.
 */
const SQL = {
  select: 'select * from dash_session where website_id = ? and session_id = ?',
  // A value whose pageviews all moved away (an exit moved, a session re-keyed) keeps no row.
  prune: `delete from dash_session_hour
    where website_id = ? and dimension = ? and hour = ? and value = ? and pageviews <= 0`,
  forget: `delete from dash_value_visitor
    where website_id = ? and dimension = ? and visitor_id = ? and value = ?`,
  recount: `insert into dash_value_visitor (website_id, dimension, value, visitor_id, last_seen)
    select website_id, cast(? as text), ${COLUMN_OF_DIMENSION}, visitor_id, max(started)
    from dash_session indexed by dash_session_visitor_idx
    where website_id = ? and visitor_id = ? and ${COLUMN_OF_DIMENSION} = ?
    group by website_id, visitor_id`,
} as const;

/** A session's rows as dash_session holds them (one per visitor with events in it). */
function storedSession(rows: DashSessionTable[]): StoredSession | undefined {
  const row = rows[0];
  if (!row) return undefined;
  return {
    started: Number(row.started),
    lastSeen: Number(row.last_seen),
    referrer_domain: row.referrer_domain,
    channel: row.channel,
    utm_source: row.utm_source,
    utm_medium: row.utm_medium,
    utm_campaign: row.utm_campaign,
    utm_term: row.utm_term,
    utm_content: row.utm_content,
    campaign_id: row.campaign_id,
    entry: row.entry,
    entryTs: row.entry_ts === null ? null : Number(row.entry_ts),
    exit_path: row.exit_path,
    exitTs: row.exit_ts === null ? null : Number(row.exit_ts),
    pageviews: Number(row.pageviews),
    visitors: new Set(rows.map((r) => r.visitor_id)),
  };
}

/** The SQLite hot path: prepared statements, run inside the batch writer's transaction. */
export class SqliteSessionRollups {
  private readonly statements: Record<keyof typeof SQL, SqliteDatabase.Statement>;
  private readonly session: SqliteRollupUpsert<'dash_session'>;
  private readonly visitor: SqliteRollupUpsert<'dash_value_visitor'>;
  private readonly hour: SqliteRollupUpsert<'dash_session_hour'>;

  constructor(sqlite: SqliteDatabase.Database) {
    this.statements = Object.fromEntries(
      Object.entries(SQL).map(([name, text]) => [name, sqlite.prepare(text)]),
    ) as Record<keyof typeof SQL, SqliteDatabase.Statement>;
    this.session = prepareRollupUpsert(sqlite, ROLLUP_TABLES.dashSession);
    this.visitor = prepareRollupUpsert(sqlite, ROLLUP_TABLES.dashValueSessionVisitor);
    this.hour = prepareRollupUpsert(sqlite, ROLLUP_TABLES.dashSessionHour);
  }

  /** `events`: one website's events derived in this pass, in stored order. */
  apply(websiteId: string, events: IngestEvent[]): void {
    const s = this.statements;
    const existing = new Map<string, StoredSession>();
    for (const sessionId of new Set(events.map((e) => e.sessionId))) {
      const stored = storedSession(s.select.all(websiteId, sessionId) as DashSessionTable[]);
      if (stored) existing.set(sessionId, stored);
    }
    const delta = sessionRollupDelta(events, existing);
    for (const row of delta.sessions) this.session.run(sessionRow(websiteId, row));
    for (const v of delta.visitors) this.visitor.run(visitorRow(websiteId, v));
    for (const r of delta.recounts) {
      s.forget.run(websiteId, r.dimension, r.visitorId, r.value);
      s.recount.run(r.dimension, r.dimension, websiteId, r.visitorId, r.dimension, r.value);
    }
    for (const h of delta.hours) {
      this.hour.run({ website_id: websiteId, ...h });
      if (h.pageviews < 0) s.prune.run(websiteId, h.dimension, h.hour, h.value);
    }
  }
}

/**
 * The same through Kysely (PostgreSQL, and SQLite outside the hot path), in the caller's
 * transaction, where every stored event but `events` is derived already.
 */
export async function applySessionRollups(
  trx: Transaction<DB> | Kysely<DB>,
  dialect: Dialect,
  websiteId: string,
  events: IngestEvent[],
): Promise<void> {
  const existing = new Map<string, StoredSession>();
  const ids = [...new Set(events.map((e) => e.sessionId))];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await trx
      .selectFrom('dash_session')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('session_id', 'in', ids.slice(i, i + 500))
      .execute();
    const bySession = new Map<string, DashSessionTable[]>();
    for (const r of rows) bySession.set(r.session_id, [...(bySession.get(r.session_id) ?? []), r]);
    for (const [sessionId, list] of bySession) {
      const stored = storedSession(list);
      if (stored) existing.set(sessionId, stored);
    }
  }
  const delta = sessionRollupDelta(events, existing);
  await upsertRollupRows(
    trx,
    ROLLUP_TABLES.dashSession,
    delta.sessions.map((r) => sessionRow(websiteId, r)),
  );
  await upsertRollupRows(
    trx,
    ROLLUP_TABLES.dashValueSessionVisitor,
    delta.visitors.map((v) => visitorRow(websiteId, v)),
  );
  for (const r of delta.recounts) {
    await trx
      .deleteFrom('dash_value_visitor')
      .where('website_id', '=', websiteId)
      .where('dimension', '=', r.dimension)
      .where('visitor_id', '=', r.visitorId)
      .where('value', '=', r.value)
      .execute();
    const column = sql.ref(SESSION_BREAKDOWNS[r.dimension]);
    await sql`insert into dash_value_visitor (website_id, dimension, value, visitor_id, last_seen)
      select website_id, ${r.dimension}, ${column}, visitor_id, max(started) from ${visitorSessions(dialect)}
      where website_id = ${websiteId} and visitor_id = ${r.visitorId} and ${column} = ${r.value}
      group by website_id, ${column}, visitor_id`.execute(trx);
  }
  await upsertRollupRows(
    trx,
    ROLLUP_TABLES.dashSessionHour,
    delta.hours.map((h) => ({ website_id: websiteId, ...h })),
  );
  for (const h of delta.hours.filter((row) => row.pageviews < 0))
    await trx
      .deleteFrom('dash_session_hour')
      .where('website_id', '=', websiteId)
      .where('dimension', '=', h.dimension)
      .where('hour', '=', h.hour)
      .where('value', '=', h.value)
      .where('pageviews', '<=', 0)
      .execute();
}

/**
 * dash_session read through its visitor index. Without table statistics SQLite reads a visitor's
 * sessions through the primary key's website prefix, every session of the website: for each
 * recount (an exit moves with most pageviews) that was 3.8 ms of writer CPU per event in
 * bench:writer, and each consent link and erasure paid it once per session dimension.
 */
export const visitorSessions = (dialect: Dialect) =>
  perDialect(dialect, {
    sqlite: sql`dash_session indexed by dash_session_visitor_idx`,
    postgres: sql`dash_session`,
  });

function visitorRow(
  websiteId: string,
  v: SessionRollupDelta['visitors'][number],
): RollupRow<'dash_value_visitor'> {
  return {
    website_id: websiteId,
    dimension: v.dimension,
    value: v.value,
    visitor_id: v.visitorId,
    last_seen: v.started,
  };
}

function sessionRow(websiteId: string, s: SessionRollupDelta['sessions'][number]): DashSessionTable {
  const v = s.values;
  return {
    website_id: websiteId,
    session_id: s.sessionId,
    visitor_id: s.visitorId,
    started: v.started,
    last_seen: v.lastSeen,
    referrer_domain: v.referrer_domain,
    channel: v.channel,
    utm_source: v.utm_source,
    utm_medium: v.utm_medium,
    utm_campaign: v.utm_campaign,
    utm_term: v.utm_term,
    utm_content: v.utm_content,
    campaign_id: v.campaign_id,
    entry: v.entry,
    entry_ts: v.entryTs,
    exit_path: v.exit_path,
    exit_ts: v.exitTs,
    pageviews: v.pageviews,
  };
}
