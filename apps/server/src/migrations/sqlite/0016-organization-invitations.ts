import type { Kysely } from 'kysely';
import { migrateOrganizationInvitations } from '../organization-invitations.shared';

/** Organizations made with their user (a trigger) and invitations by email (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await migrateOrganizationInvitations(db, 'sqlite');
}
