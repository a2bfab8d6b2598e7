import type { Kysely } from 'kysely';
import { dropUnreadIndexes } from '../unread-indexes.shared';

/** No index that no read uses on the event-derived tables (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await dropUnreadIndexes(db);
}
