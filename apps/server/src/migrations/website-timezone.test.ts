import { describe, expect, it } from 'vitest';
import { dialects } from '../test/test-database';
import { migrateTo } from './migrate';
import { migrationDatabases } from './migration-test-database';

const NOW = '2026-03-01T10:00:00.000Z';

describe.each(dialects)('migration 0018 (website time zone) on %s', (dialect) => {
  const { databaseAt } = migrationDatabases(dialect);

  it('puts every existing website in UTC and leaves the rest of its row as it was', async () => {
    const old = await databaseAt('0015-organizations-billing');
    const at = dialect === 'sqlite' ? NOW : new Date(NOW);
    await old.db
      .insertInto('user')
      .values({
        id: 'alice',
        name: 'Alice',
        email: 'alice@example.com',
        emailVerified: dialect === 'sqlite' ? 0 : false,
        createdAt: at,
        updatedAt: at,
      } as never)
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
    const site = (id: string) => ({
      id,
      user_id: 'alice',
      organization_id: 'org-alice',
      name: `Site ${id}`,
      brand: 'My Brand',
      root_domain: `${id}.test`,
      attribution_model: 'linear',
      attribution_window: 30,
      config: '{"scriptConfig":{"ipAnonymization":true}}',
      postback_url: `https://${id}.test/pb`,
      cookie_domain: `.${id}.test`,
      default_campaign_id: 'c_abcdefg',
      created_at: NOW,
      updated_at: NOW,
    });
    await old.db
      .insertInto('website')
      .values([site('shop'), site('blog')] as never)
      .execute();
    // The migrations before 0018 (invitations, privacy) run first: 0018 is compared with 0017.
    await migrateTo(old, '0017-privacy');
    const before = await old.db.selectFrom('website').selectAll().orderBy('id').execute();

    await migrateTo(old, '0018-website-timezone');

    const after = await old.db.selectFrom('website').selectAll().orderBy('id').execute();
    expect(after.map((w) => w.timezone)).toEqual(['UTC', 'UTC']);
    expect(after.map(({ timezone: _, ...rest }) => rest)).toEqual(before);
  });

  it('0019 copies the UTC daily event counts quotas read, and starts a rebuild only for websites outside UTC', async () => {
    const old = await databaseAt('0018-website-timezone');
    await old.db
      .insertInto('dash_day')
      .values([
        { website_id: 'shop', day: 1_772_323_200_000, pageviews: 3, visitors: 2, events: 5 },
        { website_id: 'shop', day: 1_772_409_600_000, pageviews: 1, visitors: 1, events: 0 },
        { website_id: 'blog', day: 1_772_323_200_000, pageviews: 7, visitors: 4, events: 9 },
      ])
      .execute();
    const orgAndUser = async () => {
      const at = dialect === 'sqlite' ? NOW : new Date(NOW);
      await old.db
        .insertInto('user')
        .values({
          id: 'u',
          name: 'U',
          email: 'u@example.com',
          emailVerified: dialect === 'sqlite' ? 0 : false,
          createdAt: at,
          updatedAt: at,
        } as never)
        .execute();
    };
    await orgAndUser();
    const site = (id: string, timezone: string) => ({
      id,
      user_id: 'u',
      organization_id: null,
      name: id,
      brand: 'B',
      root_domain: `${id}.test`,
      attribution_model: 'first_touch',
      attribution_window: 90,
      config: '{}',
      postback_url: null,
      cookie_domain: `.${id}.test`,
      default_campaign_id: 'c_abcdefg',
      timezone,
      created_at: NOW,
      updated_at: NOW,
    });
    await old.db
      .insertInto('website')
      .values([site('shop', 'UTC'), site('blog', 'Asia/Kathmandu')] as never)
      .execute();

    await migrateTo(old, '0019-rollup-time-zone');

    const days = await old.db
      .selectFrom('dash_event_day')
      .selectAll()
      .orderBy(['website_id', 'day'])
      .execute();
    expect(days.map((d) => [d.website_id, Number(d.day), Number(d.events)])).toEqual([
      ['blog', 1_772_323_200_000, 9],
      ['shop', 1_772_323_200_000, 5],
    ]);
    const sites = await old.db
      .selectFrom('website')
      .select(['id', 'rollup_rebuilt_until'])
      .orderBy('id')
      .execute();
    expect(
      sites.map((w) => [w.id, w.rollup_rebuilt_until === null ? null : Number(w.rollup_rebuilt_until)]),
    ).toEqual([
      ['blog', 0],
      ['shop', null],
    ]);
  });
});
