import { describe, expect, it } from 'vitest';
import { dialects } from '../test/test-database';
import { migrateToLatest } from './migrate';
import { migrationDatabases } from './migration-test-database';

const NOW = '2026-03-01T10:00:00.000Z';

describe.each(dialects)('migration 0015 (organizations and billing) on %s', (dialect) => {
  const { databaseAt } = migrationDatabases(dialect);

  it("moves every website into its owner's organization, making one for an owner without, owners as members", async () => {
    const old = await databaseAt('0014-share-links');
    const user = (id: string) => ({
      id,
      name: id,
      email: `${id}@example.com`,
      emailVerified: dialect === 'sqlite' ? 0 : false,
      createdAt: dialect === 'sqlite' ? NOW : new Date(NOW),
      updatedAt: dialect === 'sqlite' ? NOW : new Date(NOW),
    });
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
        plan: 'trial',
        status: 'trialing',
        stripe_customer_id: null,
        current_period_end: null,
        trial_ends_at: NOW,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    const site = (id: string, owner: string) => ({
      id,
      user_id: owner,
      name: id,
      brand: 'My Brand',
      root_domain: `${id}.test`,
      attribution_model: 'first_touch',
      attribution_window: 90,
      config: '{}',
      postback_url: null,
      cookie_domain: `.${id}.test`,
      default_campaign_id: 'c_abcdefg',
      created_at: NOW,
      updated_at: NOW,
    });
    // The 0014 schema has no organization_id yet.
    await old.db
      .insertInto('website')
      .values([site('shop', 'alice'), site('blog', 'alice'), site('bobs', 'bob')] as never)
      .execute();

    await migrateToLatest(old);

    const websites = await old.db
      .selectFrom('website')
      .select(['id', 'organization_id'])
      .orderBy('id')
      .execute();
    const bobOrg = await old.db
      .selectFrom('organization')
      .selectAll()
      .where('owner_user_id', '=', 'bob')
      .executeTakeFirst();
    expect(bobOrg).toMatchObject({ plan: 'trial', status: 'trialing', billing_event_at: 0 });
    expect(websites).toEqual([
      { id: 'blog', organization_id: 'org-alice' },
      { id: 'bobs', organization_id: bobOrg?.id },
      { id: 'shop', organization_id: 'org-alice' },
    ]);
    const members = await old.db
      .selectFrom('organization_member')
      .select(['organization_id', 'user_id', 'role'])
      .orderBy('user_id')
      .execute();
    expect(members).toEqual([
      { organization_id: 'org-alice', user_id: 'alice', role: 'owner' },
      { organization_id: bobOrg?.id, user_id: 'bob', role: 'owner' },
    ]);
  });
});
