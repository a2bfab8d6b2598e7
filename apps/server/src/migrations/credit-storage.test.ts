import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { perDialect } from '../db/dialect';
import { createTestTarget, dialects } from '../test/test-database';
import { migrateTo, migrateToLatest } from './migrate';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const models = [
  'first_touch',
  'last_touch',
  'linear',
  'time_decay',
  'position_based',
  'u_shaped',
  'w_shaped',
  'custom_weight',
];

describe.each(dialects)('migration 0011 on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function before0011() {
    const target = await createTestTarget(dialect);
    const database = openDatabase(target.database);
    cleanups.push(async () => {
      await database.destroy();
      await target.drop();
    });
    await migrateTo(database, '0010-credit-currency');
    const at = perDialect<string | number>(dialect, { sqlite: T0, postgres: new Date(T0).toISOString() });
    const verified = perDialect(dialect, { sqlite: sql`0`, postgres: sql`false` });
    await sql`insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt")
      values ('user-1', 'Owner', 'owner@shop.test', ${verified}, ${at}, ${at})`.execute(database.db);
    return database;
  }

  it('moves values to minor units and each touchpoint’s eight credit rows into one row', async () => {
    const database = await before0011();
    const db = database.db;
    const conversion = (id: string, value: number | null, currency: string) =>
      sql`(${id}, 'site-a', 'Purchase', ${value}, ${currency}, ${T0}, 'revenue', ${id}, 'tracker', 1, 'visitor-1')`;
    await sql`insert into conversion (id, website_id, goal_name, value, currency, ts, conversion_type, dedupe_key, source, followed_up, visitor_id)
      values ${sql.join([
        conversion('cv-usd', 100, 'USD'),
        conversion('cv-jpy', 1500, 'JPY'),
        conversion('cv-kwd', 1.2345, 'KWD'),
        conversion('cv-none', null, 'USD'),
      ])}`.execute(db);
    await sql`insert into click (id, website_id, visitor_id, session_id, ts, campaign_id, channel, landing_page)
      values ('k-early', 'site-a', 'visitor-1', 's1', ${T0 - 2000}, 'camp-A', 'paid', 'https://shop.test/'),
             ('k-late', 'site-a', 'visitor-1', 's2', ${T0 - 1000}, 'camp-B', 'email', 'https://shop.test/')`.execute(
      db,
    );
    // cv-usd: two touchpoints (A first, B last) under every model; linear halves, first/last whole.
    const rows = models.flatMap((model) => {
      const [a, b] = model === 'first_touch' ? [1, 0] : model === 'last_touch' ? [0, 1] : [0.5, 0.5];
      return [
        sql`('cv-usd', 'site-a', 1, ${model}, 'k-late', 'camp-B', 'email', ${b}, ${b * 100}, ${T0}, 'USD')`,
        sql`('cv-usd', 'site-a', 1, ${model}, 'k-early', 'camp-A', 'paid', ${a}, ${a * 100}, ${T0}, 'USD')`,
        sql`('cv-jpy', 'site-a', 1, ${model}, ${null}, ${null}, 'direct', 1, 1500, ${T0}, 'JPY')`,
      ];
    });
    await sql`insert into attribution_credit (conversion_id, website_id, version, model, click_id, campaign_id, channel, credit, value_credit, ts, currency)
      values ${sql.join(rows)}`.execute(db);
    await sql`insert into website (id, user_id, name, brand, root_domain, attribution_model, attribution_window, config, cookie_domain, default_campaign_id, created_at, updated_at)
      values ('site-a', 'user-1', 'Shop', 'OCX', 'shop.test', 'w_shaped', 30,
        ${JSON.stringify({ settings: { firstWeight: 0.5, middleWeight: 0.2, lastWeight: 0.3, decayParameter: 5, customWeights: [0.2, 0.2, 0.2, 0.2, 0.2] }, scriptConfig: { crossDeviceTracking: true } })},
        '.shop.test', 'dc', ${new Date(T0).toISOString()}, ${new Date(T0).toISOString()})`.execute(db);
    await sql`insert into attribution_job (website_id, active_version, target_version, total, done, updated_at)
      values ('site-a', 1, 1, 4, 4, ${T0})`.execute(db);

    await migrateToLatest(database);

    const values = await sql<{ id: string; value_minor: number | null }>`
      select id, value_minor from conversion order by id`.execute(db);
    expect(values.rows.map((r) => [r.id, r.value_minor === null ? null : Number(r.value_minor)])).toEqual([
      ['cv-jpy', 1500],
      ['cv-kwd', 1235],
      ['cv-none', null],
      ['cv-usd', 10_000],
    ]);

    const moved = await sql<Record<string, unknown>>`
      select * from touch_credit where conversion_id = 'cv-usd' order by position`.execute(db);
    expect(moved.rows.map((r) => [r.position, r.click_id, r.campaign_id, r.channel])).toEqual([
      [0, 'k-early', 'camp-A', 'paid'],
      [1, 'k-late', 'camp-B', 'email'],
    ]);
    const [early, late] = moved.rows;
    expect([Number(early?.credit_first_touch), Number(late?.credit_first_touch)]).toEqual([1, 0]);
    expect([Number(early?.value_last_touch), Number(late?.value_last_touch)]).toEqual([0, 10_000]);
    expect([Number(early?.value_linear), Number(late?.value_linear)]).toEqual([5000, 5000]);
    const jpy = await sql<
      Record<string, unknown>
    >`select * from touch_credit where conversion_id = 'cv-jpy'`.execute(db);
    expect(jpy.rows.map((r) => [r.position, r.click_id, r.channel, Number(r.value_w_shaped)])).toEqual([
      [0, null, 'direct', 1500],
    ]);
  });

  it('keeps the selected model’s weights, gives the others their defaults and starts a recompute', async () => {
    const database = await before0011();
    const db = database.db;
    await sql`insert into website (id, user_id, name, brand, root_domain, attribution_model, attribution_window, config, cookie_domain, default_campaign_id, created_at, updated_at)
      values ('site-a', 'user-1', 'Shop', 'OCX', 'shop.test', 'w_shaped', 30,
        ${JSON.stringify({ settings: { firstWeight: 0.5, middleWeight: 0.2, lastWeight: 0.3, decayParameter: 5, customWeights: [0.2, 0.2, 0.2, 0.2, 0.2] }, scriptConfig: { crossDeviceTracking: true } })},
        '.shop.test', 'dc', ${new Date(T0).toISOString()}, ${new Date(T0).toISOString()}),
        ('site-b', 'user-1', 'Blog', 'OCX', 'blog.test', 'linear', 90, '{}', '.blog.test', 'dc', ${new Date(T0).toISOString()}, ${new Date(T0).toISOString()})`.execute(
      db,
    );
    await sql`insert into attribution_job (website_id, active_version, target_version, total, done, updated_at)
      values ('site-a', 1, 1, 0, 0, ${T0})`.execute(db);

    await migrateToLatest(database);

    const sites = await sql<{
      id: string;
      config: string;
    }>`select id, config from website order by id`.execute(db);
    const settingsOf = (id: string) =>
      JSON.parse(sites.rows.find((r) => r.id === id)?.config ?? '{}').settings;
    expect(settingsOf('site-a').modelWeights).toEqual({
      position_based: { firstWeight: 0.4, middleWeight: 0.2, lastWeight: 0.4 },
      u_shaped: { firstWeight: 0.4, middleWeight: 0.2, lastWeight: 0.4 },
      w_shaped: { firstWeight: 0.5, middleWeight: 0.2, lastWeight: 0.3 },
    });
    expect(settingsOf('site-a').decayParameter).toBe(5);
    expect(settingsOf('site-b').modelWeights.w_shaped).toEqual({
      firstWeight: 0.3,
      middleWeight: 0.4,
      lastWeight: 0.3,
    });

    const job = await sql<{ active_version: number; target_version: number }>`
      select active_version, target_version from attribution_job where website_id = 'site-a'`.execute(db);
    expect(job.rows.map((r) => [Number(r.active_version), Number(r.target_version)])).toEqual([[1, 2]]);
    const version = await sql<{ settings: string }>`
      select settings from attribution_version where website_id = 'site-a' and version = 2`.execute(db);
    expect(JSON.parse(version.rows[0]?.settings ?? '{}')).toMatchObject({
      window: 30,
      crossDevice: true,
      settings: { modelWeights: { w_shaped: { firstWeight: 0.5, middleWeight: 0.2, lastWeight: 0.3 } } },
    });
  });
});
