import type { Kysely } from 'kysely';
import { addPendingCommitStart } from '../clickhouse-commits.shared';

/** When each pending ClickHouse commit record was written (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addPendingCommitStart(db);
}
