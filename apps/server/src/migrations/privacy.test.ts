import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { createTestTarget, dialects } from '../test/test-database';
import { migrateTo, migrateToLatest } from './migrate';

const NOW = '2026-03-01T10:00:00.000Z';

describe.each(dialects)('migrations 0017 (privacy) and 0021 (retention) on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it("keeps every existing website on today's behaviour: consent mode 'none', Do-Not-Track not asked, 25 months kept", async () => {
    const target = await createTestTarget(dialect);
    const database = openDatabase(target.database);
    cleanups.push(async () => {
      await database.destroy();
      await target.drop();
    });
    await migrateTo(database, '0015-organizations-billing');
    await database.db
      .insertInto('user')
      .values({
        id: 'alice',
        name: 'Alice',
        email: 'alice@example.com',
        emailVerified: (dialect === 'sqlite' ? 0 : false) as never,
        createdAt: (dialect === 'sqlite' ? NOW : new Date(NOW)) as never,
        updatedAt: (dialect === 'sqlite' ? NOW : new Date(NOW)) as never,
      })
      .execute();
    await database.db
      .insertInto('organization')
      .values({
        id: 'org',
        name: 'Alice Inc',
        owner_user_id: 'alice',
        plan: 'trial',
        status: 'trialing',
        stripe_customer_id: null,
        current_period_end: null,
        trial_ends_at: NOW,
        created_at: NOW,
        updated_at: NOW,
      } as never)
      .execute();
    const site = (id: string) => ({
      id,
      user_id: 'alice',
      organization_id: 'org',
      name: id,
      brand: 'My Brand',
      root_domain: `${id}.test`,
      attribution_model: 'linear',
      attribution_window: 30,
      config: '{"scriptConfig":{"ipAnonymization":true}}',
      postback_url: null,
      cookie_domain: `.${id}.test`,
      default_campaign_id: 'c_abcdefg',
      created_at: NOW,
      updated_at: NOW,
    });
    // The 0015 schema has no privacy columns yet.
    await database.db
      .insertInto('website')
      .values([site('shop'), site('blog')] as never)
      .execute();
    const before = await database.db.selectFrom('website').selectAll().orderBy('id').execute();

    await migrateToLatest(database);

    const after = await database.db.selectFrom('website').selectAll().orderBy('id').execute();
    expect(
      after.map((w) => [w.id, w.consent_mode, Number(w.respect_dnt), Number(w.retention_months)]),
    ).toEqual([
      ['blog', 'none', 0, 25],
      ['shop', 'none', 0, 25],
    ]);
    // Later migrations add the time zone columns (0018, 0019); the rest of each row is as it was.
    const unchanged = after.map(
      ({
        consent_mode: _m,
        respect_dnt: _d,
        retention_months: _r,
        timezone: _z,
        rollup_rebuilt_until: _u,
        ...rest
      }) => rest,
    );
    expect(unchanged).toEqual(before);
    expect(await database.db.selectFrom('visitor_salt').selectAll().execute()).toEqual([]);
  });
});
