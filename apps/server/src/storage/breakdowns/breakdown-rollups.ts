import type { BreakdownDelta, RolledBreakdown } from '@ocx/core';
import type SqliteDatabase from 'better-sqlite3';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { RollupRow } from '../rollups/rollup-table';
import { ROLLUP_TABLES } from '../rollups/rollup-tables';
import { prepareRollupUpsert, type SqliteRollupUpsert, upsertRollupRows } from '../rollups/rollup-upsert';

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

/** A pass's breakdown rows (migration 0027): a value's visitors, and its pageviews per day. */
function deltaRows(websiteId: string, delta: BreakdownDelta) {
  const website_id = websiteId;
  return {
    visitors: delta.visitors.map(
      (v): RollupRow<'dash_value_visitor'> => ({
        website_id,
        dimension: v.dimension,
        value: v.value,
        visitor_id: v.visitorId,
        last_seen: v.lastSeen,
      }),
    ),
    days: delta.days.map(
      (d): RollupRow<'dash_value_day'> => ({
        website_id,
        dimension: d.dimension,
        day: d.day,
        value: d.value,
        pageviews: d.pageviews,
      }),
    ),
  };
}

/**
 * The breakdown rollups, written with the derived events. A value's last_seen moves in
 * VISITOR_SEEN_STEP_MS steps as dash_visitor's does (one write a minute for a visitor browsing,
 * not one per event); SqlBreakdownRepository corrects for the trail.
 */
export class SqliteBreakdownRollups {
  private readonly visitor: SqliteRollupUpsert<'dash_value_visitor'>;
  private readonly day: SqliteRollupUpsert<'dash_value_day'>;

  constructor(sqlite: SqliteDatabase.Database) {
    this.visitor = prepareRollupUpsert(sqlite, ROLLUP_TABLES.dashValueVisitor);
    this.day = prepareRollupUpsert(sqlite, ROLLUP_TABLES.dashValueDay);
  }

  apply(websiteId: string, delta: BreakdownDelta): void {
    const rows = deltaRows(websiteId, delta);
    for (const row of rows.visitors) this.visitor.run(row);
    for (const row of rows.days) this.day.run(row);
  }
}

/** The same through Kysely (PostgreSQL, and SQLite outside the hot path), in the caller's transaction. */
export async function applyBreakdownRollups(
  trx: Transaction<DB> | Kysely<DB>,
  websiteId: string,
  delta: BreakdownDelta,
): Promise<void> {
  const rows = deltaRows(websiteId, delta);
  await upsertRollupRows(trx, ROLLUP_TABLES.dashValueVisitor, rows.visitors);
  await upsertRollupRows(trx, ROLLUP_TABLES.dashValueDay, rows.days);
}
