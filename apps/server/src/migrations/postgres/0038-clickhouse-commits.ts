import type { Kysely } from 'kysely';
import { createClickHouseCommits } from '../clickhouse-commits.shared';

/** Which ClickHouse commits the SQL side has derived (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createClickHouseCommits(db);
}
