import type { Kysely } from 'kysely';
import { createValueSeenDays } from '../value-seen-days.shared';

/** Visitors per breakdown value and day of their last sighting, kept by triggers (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createValueSeenDays(db, 'postgres');
}
