import type { Kysely } from 'kysely';
import { createDashboardRollups } from '../dashboard-rollups.shared';

/** Dashboard rollups per UTC day, filled from the events already stored. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createDashboardRollups(db, 'postgres');
}
