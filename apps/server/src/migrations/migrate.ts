import { Migrator } from 'kysely';
import type { Database } from '../db/database';
import { perDialect } from '../db/dialect';
import { migrations as postgres } from './postgres';
import { migrations as sqlite } from './sqlite';

interface MigrationResult {
  applied: string[];
  latest: string | null;
}

function migratorFor(database: Database): Migrator {
  return new Migrator({
    db: database.db,
    provider: { getMigrations: async () => perDialect(database.dialect, { sqlite, postgres }) },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
}

/** Brings the database to the latest migration of its dialect; run at every start. */
export async function migrateToLatest(database: Database): Promise<MigrationResult> {
  const { error, results = [] } = await migratorFor(database).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return { applied: results.map((r) => r.migrationName), latest: await latestMigration(database) };
}

/** Brings the database up to (and including) one named migration; tests start from older schemas. */
export async function migrateTo(database: Database, name: string): Promise<void> {
  const { error } = await migratorFor(database).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

export async function latestMigration(database: Database): Promise<string | null> {
  const all = await migratorFor(database).getMigrations();
  return all.filter((m) => m.executedAt).at(-1)?.name ?? null;
}

/** The migrations applied to this database, oldest first, with when each ran. */
export async function appliedMigrations(database: Database): Promise<{ name: string; appliedAt: Date }[]> {
  const all = await migratorFor(database).getMigrations();
  return all.flatMap((m) => (m.executedAt ? [{ name: m.name, appliedAt: m.executedAt }] : []));
}
