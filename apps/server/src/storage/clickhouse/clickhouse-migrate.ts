import type { ClickHouseClient } from '@clickhouse/client';
import { type ClickHouseMigration, clickHouseMigrations } from './migrations';

/**
 * Applies the ClickHouse migrations not applied yet, at start (like the SQL ones). Each statement is
 * idempotent, so two app servers starting at once both get through; the applied names are kept in
 * `ocx_migrations`.
 */
export async function migrateClickHouse(
  client: ClickHouseClient,
  migrations: ClickHouseMigration[] = clickHouseMigrations,
): Promise<string[]> {
  await client.command({
    query: `CREATE TABLE IF NOT EXISTS ocx_migrations (name String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3))
      ENGINE = ReplacingMergeTree ORDER BY name`,
  });
  const rows = await client.query({
    query: 'SELECT DISTINCT name FROM ocx_migrations',
    format: 'JSONEachRow',
  });
  const done = new Set((await rows.json<{ name: string }>()).map((r) => r.name));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    for (const statement of migration.statements) await client.command({ query: statement });
    await client.insert({
      table: 'ocx_migrations',
      values: [{ name: migration.name }],
      format: 'JSONEachRow',
    });
    applied.push(migration.name);
  }
  return applied;
}
