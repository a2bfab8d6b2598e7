import type { Kysely } from 'kysely';
import { truncateAnonymizedWebsites } from '../stored-addresses.shared';

/** No full address at rest where a website asked for IP anonymization (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await truncateAnonymizedWebsites(db);
}
