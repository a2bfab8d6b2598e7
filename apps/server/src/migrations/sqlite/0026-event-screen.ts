import type { Kysely } from 'kysely';
import { addEventScreen } from '../breakdown-rollups.shared';

/** The screen size class of each event (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addEventScreen(db);
}
