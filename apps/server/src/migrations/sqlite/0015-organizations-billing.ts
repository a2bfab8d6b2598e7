import type { Kysely } from 'kysely';
import { migrateOrganizationsBilling } from '../organizations-billing.shared';

/** Organization members and roles, websites in organizations, quotas and Stripe state (see the shared file). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await migrateOrganizationsBilling(db, 'sqlite');
}
