import type { Kysely } from 'kysely';
import { createBreakdownRollups } from '../breakdown-rollups.shared';

/** The breakdown rollups per dimension value (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createBreakdownRollups(db, 'sqlite');
}
