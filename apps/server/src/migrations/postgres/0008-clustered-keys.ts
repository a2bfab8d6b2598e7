import type { Kysely } from 'kysely';

/**
 * SQLite's 0008 rebuilds the per-visitor rollups as WITHOUT ROWID tables. PostgreSQL
 * tables have no rowid to drop, so there is nothing to do; the migration keeps both dialects at
 * the same version.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {}
