import type { Kysely } from 'kysely';
import { createSessionDays } from '../session-days.shared';

/** Session pageviews per value and UTC day, kept by triggers (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createSessionDays(db, 'postgres');
}
