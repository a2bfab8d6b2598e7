import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { dialects } from '../test/test-database';
import { migrateToLatest } from './migrate';
import { migrationDatabases } from './migration-test-database';

const NOW = '2026-03-01T10:00:00.000Z';

describe.each(dialects)('migration 0042 (an organization outlives its founder) on %s', (dialect) => {
  const { databaseAt } = migrationDatabases(dialect);
  const at = dialect === 'sqlite' ? NOW : new Date(NOW);

  /** A user row; the 0016 trigger gives it its organization 'org-<id>' and owner membership. */
  const addUser = (database: Database, id: string) =>
    database.db
      .insertInto('user')
      .values({
        id,
        name: id,
        email: `${id}@example.com`,
        emailVerified: dialect === 'sqlite' ? 0 : false,
        createdAt: at,
        updatedAt: at,
      })
      .execute();

  async function snapshot(database: Database) {
    const { db } = database;
    return {
      organizations: await db.selectFrom('organization').selectAll().orderBy('id').execute(),
      members: await db
        .selectFrom('organization_member')
        .selectAll()
        .orderBy('organization_id')
        .orderBy('user_id')
        .execute(),
      invitations: await db.selectFrom('organization_invitation').selectAll().orderBy('id').execute(),
      websites: await db.selectFrom('website').selectAll().orderBy('id').execute(),
    };
  }

  async function organizationIndexes(database: Database): Promise<string[]> {
    const { rows } =
      dialect === 'sqlite'
        ? await sql<{
            name: string;
            unique: number;
          }>`select il.name, il."unique" from pragma_index_list('organization') il
            where il.origin = 'c'`.execute(database.db)
        : await sql<{ name: string; unique: boolean }>`select i.relname as name, x.indisunique as "unique"
            from pg_index x join pg_class i on i.oid = x.indexrelid
            where x.indrelid = 'organization'::regclass and not x.indisprimary`.execute(database.db);
    return rows.map((r) => `${r.name}${r.unique ? ' unique' : ''}`).sort();
  }

  async function seed(database: Database) {
    await addUser(database, 'alice');
    await addUser(database, 'bob');
    await database.db
      .updateTable('organization')
      .set({
        name: 'Alice Inc',
        plan: 'professional',
        status: 'active',
        stripe_customer_id: 'cus_alice',
        stripe_subscription_id: 'sub_alice',
        current_period_end: NOW,
        cancel_at_period_end: 1,
        billing_event_at: 1_772_000_000,
      })
      .where('id', '=', 'org-alice')
      .execute();
    await database.db
      .insertInto('organization_member')
      .values({ organization_id: 'org-alice', user_id: 'bob', role: 'admin', created_at: NOW })
      .execute();
    await database.db
      .insertInto('organization_invitation')
      .values({
        id: 'inv-1',
        organization_id: 'org-alice',
        email: 'carol@example.com',
        role: 'viewer',
        token_hash: 'f'.repeat(64),
        invited_by: 'alice',
        expires_at: NOW,
        created_at: NOW,
      })
      .execute();
    await database.db
      .insertInto('website')
      .values({
        id: 'shop',
        user_id: 'alice',
        organization_id: 'org-alice',
        name: 'Shop',
        brand: 'Shop',
        root_domain: 'shop.test',
        attribution_model: 'linear',
        attribution_window: 30,
        config: '{}',
        postback_url: null,
        cookie_domain: '.shop.test',
        default_campaign_id: 'c_abcdefg',
        rollup_rebuilt_until: null,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
  }

  it('keeps every row, index and the sign-up trigger, and lets the founder go without the organization', async () => {
    const database = await databaseAt('0041-value-seen-days-by-statement');
    await seed(database);
    const before = await snapshot(database);
    const indexesBefore = await organizationIndexes(database);

    await migrateToLatest(database);

    expect(await snapshot(database)).toEqual(before);
    expect(indexesBefore).toEqual([
      'organization_owner_idx unique',
      'organization_stripe_customer_idx unique',
    ]);
    expect(await organizationIndexes(database)).toEqual(indexesBefore);
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.db);
      expect(rows[0]?.foreign_keys).toBe(1);
    }

    // The trigger still makes a new user's organization and owner membership.
    await addUser(database, 'carol');
    const carols = await database.db
      .selectFrom('organization_member')
      .innerJoin('organization', 'organization.id', 'organization_member.organization_id')
      .select(['organization.id', 'organization.owner_user_id', 'organization_member.role'])
      .where('organization_member.user_id', '=', 'carol')
      .execute();
    expect(carols).toEqual([{ id: 'org-carol', owner_user_id: 'carol', role: 'owner' }]);

    // One home organization per user; any number of organizations without a founder.
    const org = (id: string, owner: string | null, customer: string | null) => ({
      id,
      name: id,
      owner_user_id: owner,
      plan: 'trial',
      status: 'trialing',
      stripe_customer_id: customer,
      current_period_end: null,
      trial_ends_at: NOW,
      created_at: NOW,
      updated_at: NOW,
    });
    await expect(
      database.db
        .insertInto('organization')
        .values(org('x', 'carol', null))
        .execute(),
    ).rejects.toThrow();
    await expect(
      database.db
        .insertInto('organization')
        .values(org('y', null, 'cus_alice'))
        .execute(),
    ).rejects.toThrow();
    await database.db
      .insertInto('organization')
      .values([org('z1', null, null), org('z2', null, null)])
      .execute();

    // Deleting bob (he has no website) leaves his organization with no founder, and ends his memberships.
    await database.db.deleteFrom('user').where('id', '=', 'bob').execute();
    const bobs = await database.db
      .selectFrom('organization')
      .selectAll()
      .where('id', '=', 'org-bob')
      .execute();
    expect(bobs.map((o) => o.owner_user_id)).toEqual([null]);
    expect(
      await database.db
        .selectFrom('organization_member')
        .select('user_id')
        .where('user_id', '=', 'bob')
        .execute(),
    ).toEqual([]);

    // The keys pointing at organizations still hold and still cascade.
    await expect(
      database.db
        .insertInto('organization_member')
        .values({ organization_id: 'nowhere', user_id: 'carol', role: 'viewer', created_at: NOW })
        .execute(),
    ).rejects.toThrow();
    await database.db.deleteFrom('organization').where('id', '=', 'org-alice').execute();
    const after = await snapshot(database);
    expect(after.websites).toEqual([]);
    expect(after.invitations).toEqual([]);
    expect(after.members.filter((m) => m.organization_id === 'org-alice')).toEqual([]);
  });
});
