import type { BreakdownDelta, RolledBreakdown } from '@ocx/core';
import type SqliteDatabase from 'better-sqlite3';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { VISITOR_SEEN_STEP_MS } from '../dashboard/dashboard-rollups';

/** Each rolled-up breakdown's value as SQL on an event row (core ROLLED_BREAKDOWNS; '' for none). */
export const ROLLED_COLUMNS: Record<RolledBreakdown, RawBuilder<string>> = {
  country: sql`coalesce(country, '')`,
  region: sql`coalesce(region, '')`,
  city: sql`coalesce(city, '')`,
  device: sql`coalesce(device_type, '')`,
  browser: sql`coalesce(browser, '')`,
  os: sql`coalesce(os, '')`,
  screen: sql`coalesce(screen, '')`,
  page: sql`path`,
};

/**
 * The breakdown rollups (migration 0027), written with the events in the same transaction. A
 * value's last_seen moves in VISITOR_SEEN_STEP_MS steps as dash_visitor's does (one write a minute
 * for a visitor browsing, not one per event); SqlBreakdownRepository corrects for the trail.
 */
const UPSERT = {
  visitor: `insert into dash_value_visitor (website_id, dimension, value, visitor_id, last_seen) values (?, ?, ?, ?, ?)
    on conflict (website_id, dimension, visitor_id, value) do update set last_seen = excluded.last_seen
    where excluded.last_seen >= dash_value_visitor.last_seen + ${VISITOR_SEEN_STEP_MS}`,
  day: `insert into dash_value_day (website_id, dimension, day, value, pageviews) values (?, ?, ?, ?, ?)
    on conflict (website_id, dimension, day, value) do update
    set pageviews = dash_value_day.pageviews + excluded.pageviews`,
} as const;

/** Rows per statement: 5 columns × 500 stays far below both dialects' parameter caps. */
const CHUNK = 500;

/** The SQLite hot path: prepared statements, run inside the batch writer's transaction. */
export class SqliteBreakdownRollups {
  private readonly visitor: SqliteDatabase.Statement;
  private readonly day: SqliteDatabase.Statement;

  constructor(sqlite: SqliteDatabase.Database) {
    this.visitor = sqlite.prepare(UPSERT.visitor);
    this.day = sqlite.prepare(UPSERT.day);
  }

  apply(websiteId: string, delta: BreakdownDelta): void {
    for (const v of delta.visitors)
      this.visitor.run(websiteId, v.dimension, v.value, v.visitorId, v.lastSeen);
    for (const d of delta.days) this.day.run(websiteId, d.dimension, d.day, d.value, d.pageviews);
  }
}

/** The same through Kysely (PostgreSQL, and SQLite outside the hot path), in the caller's transaction. */
export async function applyBreakdownRollups(
  trx: Transaction<DB> | Kysely<DB>,
  websiteId: string,
  delta: BreakdownDelta,
): Promise<void> {
  const later = sql<boolean>`excluded.last_seen >= dash_value_visitor.last_seen + ${sql.lit(VISITOR_SEEN_STEP_MS)}`;
  for (let i = 0; i < delta.visitors.length; i += CHUNK) {
    await trx
      .insertInto('dash_value_visitor')
      .values(
        delta.visitors.slice(i, i + CHUNK).map((v) => ({
          website_id: websiteId,
          dimension: v.dimension,
          value: v.value,
          visitor_id: v.visitorId,
          last_seen: v.lastSeen,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['website_id', 'dimension', 'visitor_id', 'value'])
          .doUpdateSet({ last_seen: sql`excluded.last_seen` })
          .where(later),
      )
      .execute();
  }
  for (let i = 0; i < delta.days.length; i += CHUNK) {
    await trx
      .insertInto('dash_value_day')
      .values(
        delta.days.slice(i, i + CHUNK).map((d) => ({
          website_id: websiteId,
          dimension: d.dimension,
          day: d.day,
          value: d.value,
          pageviews: d.pageviews,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['website_id', 'dimension', 'day', 'value'])
          .doUpdateSet({ pageviews: sql`dash_value_day.pageviews + excluded.pageviews` }),
      )
      .execute();
  }
}
