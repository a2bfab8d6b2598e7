import type { Kysely } from 'kysely';
import { createBreakdownIndexes } from '../breakdown-indexes.shared';

/** Partial indexes for the goal and property breakdowns (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createBreakdownIndexes(db);
}
