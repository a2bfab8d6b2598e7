import type { Kysely } from 'kysely';
import { addWebsiteTimezone } from '../website-timezone.shared';

/** Websites get a time zone; existing ones are UTC (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addWebsiteTimezone(db);
}
