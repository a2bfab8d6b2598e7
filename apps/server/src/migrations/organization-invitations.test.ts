import { DAY_MS, TRIAL_DAYS } from '@ocx/core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { toIsoOrNull } from '../db/sql-values';
import { dialects } from '../test/test-database';
import { migrateToLatest } from './migrate';
import { migrationDatabases } from './migration-test-database';

const NOW = '2026-03-01T10:00:00.000Z';

describe.each(dialects)('migration 0016 (organization with the user, invitations) on %s', (dialect) => {
  const { databaseAt } = migrationDatabases(dialect);

  const user = (id: string) => ({
    id,
    name: id,
    email: `${id}@example.com`,
    emailVerified: dialect === 'sqlite' ? 0 : false,
    createdAt: dialect === 'sqlite' ? NOW : new Date(NOW),
    updatedAt: dialect === 'sqlite' ? NOW : new Date(NOW),
  });

  async function snapshot(database: Database) {
    const organizations = await database.db.selectFrom('organization').selectAll().orderBy('id').execute();
    const members = await database.db
      .selectFrom('organization_member')
      .selectAll()
      .orderBy('user_id')
      .execute();
    return { organizations, members };
  }

  it('leaves existing organizations and members exactly as they were', async () => {
    const old = await databaseAt('0015-organizations-billing');
    await old.db
      .insertInto('user')
      .values([user('alice'), user('bob')])
      .execute();
    await old.db
      .insertInto('organization')
      .values({
        id: 'org-alice',
        name: 'Alice Inc',
        owner_user_id: 'alice',
        plan: 'starter',
        status: 'active',
        stripe_customer_id: 'cus_1',
        current_period_end: NOW,
        trial_ends_at: NOW,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    await old.db
      .insertInto('organization_member')
      .values([
        { organization_id: 'org-alice', user_id: 'alice', role: 'owner', created_at: NOW },
        { organization_id: 'org-alice', user_id: 'bob', role: 'viewer', created_at: NOW },
      ])
      .execute();
    const before = await snapshot(old);

    await migrateToLatest(old);

    expect(await snapshot(old)).toEqual(before);
    expect(await old.db.selectFrom('organization_invitation').selectAll().execute()).toEqual([]);
  });

  it(`gives a new user row its organization on a ${TRIAL_DAYS}-day trial and its owner membership`, async () => {
    const database = await databaseAt('0016-organization-invitations');
    const started = Date.now();
    await database.db.insertInto('user').values(user('carol')).execute();
    const org = await database.db
      .selectFrom('organization')
      .selectAll()
      .where('owner_user_id', '=', 'carol')
      .executeTakeFirstOrThrow();
    expect(org).toMatchObject({ name: 'carol@example.com', plan: 'trial', status: 'trialing' });
    const trialEnds = Date.parse(toIsoOrNull(org.trial_ends_at) ?? '');
    const created = Date.parse(toIsoOrNull(org.created_at) ?? '');
    expect(trialEnds - created).toBeGreaterThanOrEqual(TRIAL_DAYS * DAY_MS - 1000);
    expect(trialEnds - created).toBeLessThanOrEqual(TRIAL_DAYS * DAY_MS + 1000);
    expect(created).toBeGreaterThanOrEqual(started - 60_000);
    const members = await database.db.selectFrom('organization_member').selectAll().execute();
    expect(members).toMatchObject([{ organization_id: org.id, user_id: 'carol', role: 'owner' }]);
  });

  it('keeps no user row when its organization cannot be written', async () => {
    const database = await databaseAt('0016-organization-invitations');
    await database.db.insertInto('user').values(user('dave')).execute();
    // Organization names made unique, then a second user whose organization would repeat one.
    await sql`create unique index organization_name_test_idx on organization (name)`.execute(database.db);
    await database.db.updateTable('organization').set({ name: 'erin@example.com' }).execute();
    await expect(database.db.insertInto('user').values(user('erin')).execute()).rejects.toThrow();
    const users = await database.db.selectFrom('user').select('id').execute();
    expect(users).toEqual([{ id: 'dave' }]);
  });
});
