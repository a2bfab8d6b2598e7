import { describe, expect, it } from 'vitest';
import { toStoredOrganization } from './organization.mapper';

const row = {
  id: 'org-1',
  name: 'Alice & Co',
  owner_user_id: 'user-alice',
  plan: 'starter',
  status: 'active',
  stripe_customer_id: 'cus_1',
  // PostgreSQL answers a Date, SQLite the text written.
  current_period_end: new Date(Date.UTC(2026, 1, 1)),
  cancel_at_period_end: 0,
  trial_ends_at: null,
  created_at: '2026-01-01 10:00:00Z',
  updated_at: new Date(Date.UTC(2026, 0, 2)),
  stripe_subscription_id: 'sub_1',
  billing_event_at: 1767261600,
};

describe('toStoredOrganization', () => {
  it('gives every date as ISO text, keeps no date as null and the other columns as read', () => {
    expect(toStoredOrganization({ ...row, role: 'admin' })).toEqual({
      ...row,
      role: 'admin',
      current_period_end: '2026-02-01T00:00:00.000Z',
      trial_ends_at: null,
      created_at: '2026-01-01T10:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
    });
  });
});
