import type { Kysely } from 'kysely';
import { addExitPages } from '../exit-pages.shared';

/** Exit pages in the session rollups (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addExitPages(db);
}
