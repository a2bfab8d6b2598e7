import type { Kysely } from 'kysely';
import { migrateConsentRollups } from '../consent-rollups.shared';

/** Visits without consent per day in the source rollup (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await migrateConsentRollups(db);
}
