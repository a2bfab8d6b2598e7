import type { Kysely } from 'kysely';
import { createClickHouseMirror } from '../clickhouse-mirror.shared';

/** Clicks and conversions copied to ClickHouse through an outbox kept by triggers (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createClickHouseMirror(db, 'sqlite');
}
