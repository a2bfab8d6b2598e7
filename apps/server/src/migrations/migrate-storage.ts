import type { Database } from '../db/database';
import type { ClickHouseSetup } from '../storage/backend.clickhouse';
import { migrateClickHouse } from '../storage/clickhouse/clickhouse-migrate';
import { ClickHouseMirror } from '../storage/clickhouse/mirror.clickhouse';
import { migrateToLatest } from './migrate';

/**
 * Brings the SQL database (and ClickHouse) to their latest migrations, then turns the copying of
 * clicks, conversions and credits to ClickHouse on with it, or off without it.
 */
export async function migrateStorage(database: Database, clickhouse: ClickHouseSetup | null): Promise<void> {
  await migrateToLatest(database);
  if (!clickhouse) {
    await ClickHouseMirror.stop(database.db);
    return;
  }
  await migrateClickHouse(clickhouse.client);
  await new ClickHouseMirror(database.db, database.dialect, clickhouse.client).start();
}
