import type { Kysely } from 'kysely';
import { migrateRollupTimeZone } from '../rollup-time-zone.shared';

/** Day rollups keyed by the website's local days, quotas from UTC days (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await migrateRollupTimeZone(db, 'postgres');
}
