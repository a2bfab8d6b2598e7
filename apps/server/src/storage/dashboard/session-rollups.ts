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

/** A session breakdown's dash_session column, as SQL picking it by the dimension's name. */
const COLUMN_OF_DIMENSION = `case cast(? as text) ${Object.entries(SESSION_BREAKDOWNS)
  .map(([dimension, column]) => `when '${dimension}' then ${column}`)
  .join(' ')} end`;

const SESSION_COLUMNS = [
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
] as const;

/**
 * The session rollups (migrations 0033, 0036), written with the derived events. The statements run
 * once per session of a batch (a lookup); rows are written only when a session or a visitor in it
 * is new, it has new pageviews, its last_seen moves a step, or an earlier event re-keys it, and
 * pageviews are summed per value and hour over the whole batch.
 */
const SQL = {
  select: 'select * from dash_session where website_id = ? and session_id = ?',
  session: `insert into dash_session (website_id, session_id, visitor_id, ${SESSION_COLUMNS.join(', ')})
    values (?, ?, ?, ${SESSION_COLUMNS.map(() => '?').join(', ')})
    on conflict (website_id, session_id, visitor_id) do update set
    ${SESSION_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`,
  visitor: `insert into dash_value_visitor (website_id, dimension, value, visitor_id, last_seen) values (?, ?, ?, ?, ?)
    on conflict (website_id, dimension, visitor_id, value) do update set last_seen = excluded.last_seen
    where excluded.last_seen > dash_value_visitor.last_seen`,
  hour: `insert into dash_session_hour (website_id, dimension, hour, value, pageviews) values (?, ?, ?, ?, ?)
    on conflict (website_id, dimension, hour, value) do update
    set pageviews = dash_session_hour.pageviews + excluded.pageviews`,
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

function sessionParams(websiteId: string, s: SessionRollupDelta['sessions'][number]): unknown[] {
  const v = s.values;
  return [
    websiteId,
    s.sessionId,
    s.visitorId,
    v.started,
    v.lastSeen,
    v.referrer_domain,
    v.channel,
    v.utm_source,
    v.utm_medium,
    v.utm_campaign,
    v.utm_term,
    v.utm_content,
    v.campaign_id,
    v.entry,
    v.entryTs,
    v.exit_path,
    v.exitTs,
    v.pageviews,
  ];
}

/** The SQLite hot path: prepared statements, run inside the batch writer's transaction. */
export class SqliteSessionRollups {
  private readonly statements: Record<keyof typeof SQL, SqliteDatabase.Statement>;

  constructor(sqlite: SqliteDatabase.Database) {
    this.statements = Object.fromEntries(
      Object.entries(SQL).map(([name, text]) => [name, sqlite.prepare(text)]),
    ) as Record<keyof typeof SQL, SqliteDatabase.Statement>;
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
    for (const row of delta.sessions) s.session.run(sessionParams(websiteId, row));
    for (const v of delta.visitors) s.visitor.run(websiteId, v.dimension, v.value, v.visitorId, v.started);
    for (const r of delta.recounts) {
      s.forget.run(websiteId, r.dimension, r.visitorId, r.value);
      s.recount.run(r.dimension, r.dimension, websiteId, r.visitorId, r.dimension, r.value);
    }
    for (const h of delta.hours) {
      s.hour.run(websiteId, h.dimension, h.hour, h.value, h.pageviews);
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
  for (let i = 0; i < delta.sessions.length; i += CHUNK) {
    await trx
      .insertInto('dash_session')
      .values(delta.sessions.slice(i, i + CHUNK).map((r) => sessionRow(websiteId, r)))
      .onConflict((oc) =>
        oc
          .columns(['website_id', 'session_id', 'visitor_id'])
          .doUpdateSet(Object.fromEntries(SESSION_COLUMNS.map((c) => [c, sql.ref(`excluded.${c}`)]))),
      )
      .execute();
  }
  // One row per key in a statement (PostgreSQL updates a row once per statement): the latest start.
  const latest = new Map<string, SessionRollupDelta['visitors'][number]>();
  for (const v of delta.visitors) {
    const key = `${v.dimension}\u0000${v.value}\u0000${v.visitorId}`;
    const seen = latest.get(key);
    if (!seen || v.started > seen.started) latest.set(key, v);
  }
  const visitors = [...latest.values()];
  for (let i = 0; i < visitors.length; i += CHUNK) {
    await trx
      .insertInto('dash_value_visitor')
      .values(
        visitors.slice(i, i + CHUNK).map((v) => ({
          website_id: websiteId,
          dimension: v.dimension,
          value: v.value,
          visitor_id: v.visitorId,
          last_seen: v.started,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['website_id', 'dimension', 'visitor_id', 'value'])
          .doUpdateSet({ last_seen: sql`excluded.last_seen` })
          .where(sql<boolean>`excluded.last_seen > dash_value_visitor.last_seen`),
      )
      .execute();
  }
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
  for (let i = 0; i < delta.hours.length; i += CHUNK) {
    await trx
      .insertInto('dash_session_hour')
      .values(delta.hours.slice(i, i + CHUNK).map((h) => ({ website_id: websiteId, ...h })))
      .onConflict((oc) =>
        oc
          .columns(['website_id', 'dimension', 'hour', 'value'])
          .doUpdateSet({ pageviews: sql`dash_session_hour.pageviews + excluded.pageviews` }),
      )
      .execute();
  }
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

/** Rows per statement: 18 columns × 500 stays far below both dialects' parameter caps. */
const CHUNK = 500;

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
