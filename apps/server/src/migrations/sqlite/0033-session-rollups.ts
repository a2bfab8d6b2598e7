import type { Kysely } from 'kysely';
import { createSessionRollups } from '../session-rollups.shared';

/** The session breakdown rollups (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createSessionRollups(db, 'sqlite');
}
