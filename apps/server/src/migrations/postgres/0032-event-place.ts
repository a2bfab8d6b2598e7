import type { Kysely } from 'kysely';
import { addEventPlace } from '../event-place.shared';

/** The region and city of each event (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addEventPlace(db);
}
