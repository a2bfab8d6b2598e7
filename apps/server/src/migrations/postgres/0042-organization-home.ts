import type { Kysely } from 'kysely';
import { migrateOrganizationHome } from '../organization-home.shared';

/** An organization outlives its founder: owner_user_id nullable, set null when they go (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await migrateOrganizationHome(db, 'postgres');
}
