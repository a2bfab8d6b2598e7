import { randomUUID } from 'node:crypto';
import type { Organization } from '@ocx/contracts';
import { toIsoOrNull } from '../db/sql-values';
import type { OrganizationRepository, OrganizationRow } from '../storage/sql/organization.repository';
import type { CurrentUser } from './access';

export const TRIAL_DAYS = 14;
const DAY_MS = 86_400_000;

export class OrganizationService {
  constructor(private readonly organizations: OrganizationRepository) {}

  /** Every account starts on a 14-day trial (spec §9, DESIGN §8). Safe to call more than once. */
  async startTrial(user: CurrentUser, now = new Date()): Promise<void> {
    await this.organizations.insertIfMissing({
      id: randomUUID(),
      name: user.email,
      owner_user_id: user.id,
      plan: 'trial',
      status: 'trialing',
      stripe_customer_id: null,
      current_period_end: null,
      trial_ends_at: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
  }

  async forUser(user: CurrentUser): Promise<Organization> {
    let row = await this.organizations.findByOwner(user.id);
    if (!row) {
      // The sign-up hook runs after the user commits; should it have failed, the trial starts now.
      await this.startTrial(user);
      row = await this.organizations.findByOwner(user.id);
    }
    if (!row) throw new Error(`No organization for user ${user.id}`);
    return toOrganization(row);
  }
}

function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    status: row.status,
    trialEndsAt: toIsoOrNull(row.trial_ends_at),
    currentPeriodEnd: toIsoOrNull(row.current_period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
  };
}
