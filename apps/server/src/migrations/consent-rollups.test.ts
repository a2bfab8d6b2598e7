import { describe, expect, it } from 'vitest';
import { dialects } from '../test/test-database';
import { migrateToLatest } from './migrate';
import { migrationDatabases } from './migration-test-database';

const NOW = '2026-03-01T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);
// Kathmandu is UTC+5:45: its 31 March starts at 2026-03-30T18:15Z.
const KTM_30 = at('2026-03-29T18:15:00.000Z');
const KTM_31 = at('2026-03-30T18:15:00.000Z');
const UTC_30 = at('2026-03-30T00:00:00.000Z');

describe.each(dialects)('migration 0024 (visits without consent per day) on %s', (dialect) => {
  const { databaseAt } = migrationDatabases(dialect);

  it("counts the stored clicks of hash visitors into each website's local day of dash_source_day", async () => {
    const old = await databaseAt('0021-retention-erasures');
    const db = old.db;
    await db
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
    const site = (id: string, timezone: string, rebuiltUntil: number | null) => ({
      id,
      user_id: 'alice',
      organization_id: null,
      name: id,
      brand: 'My Brand',
      root_domain: `${id}.test`,
      attribution_model: 'first_touch',
      attribution_window: 90,
      config: '{}',
      postback_url: null,
      cookie_domain: `.${id}.test`,
      default_campaign_id: 'c_abcdefg',
      timezone,
      rollup_rebuilt_until: rebuiltUntil,
      created_at: NOW,
      updated_at: NOW,
    });
    await db
      .insertInto('website')
      .values([
        site('ktm', 'Asia/Kathmandu', null),
        site('utc', 'UTC', null),
        site('moving', 'UTC', 0),
      ] as never)
      .execute();
    let n = 0;
    const click = (websiteId: string, visitorId: string, iso: string, channel = 'direct') => ({
      id: `click-${++n}`,
      website_id: websiteId,
      visitor_id: visitorId,
      session_id: `session-${n}`,
      ts: at(iso),
      channel,
      landing_page: 'https://shop.test/',
      referrer_domain: null,
    });
    await db
      .insertInto('click')
      .values([
        // Kathmandu: 18:10Z is still 30 March there, 18:20Z already 31 March.
        click('ktm', 'h.aaaa', '2026-03-30T18:10:00.000Z'),
        click('ktm', 'h.bbbb', '2026-03-30T18:20:00.000Z'),
        click('ktm', 'h.cccc', '2026-03-30T20:00:00.000Z'),
        click('ktm', 'visitor01', '2026-03-30T20:00:00.000Z'),
        click('utc', 'h.dddd', '2026-03-30T18:10:00.000Z', 'organic'),
        click('utc', 'visitor02', '2026-03-30T18:20:00.000Z'),
        click('moving', 'h.eeee', '2026-03-30T10:00:00.000Z'),
      ] as never)
      .execute();
    const row = (websiteId: string, day: number, channel: string, clicks: number) => ({
      website_id: websiteId,
      day,
      channel,
      referrer_domain: '',
      clicks,
    });
    await db
      .insertInto('dash_source_day')
      .values([
        row('ktm', KTM_30, 'direct', 1),
        row('ktm', KTM_31, 'direct', 3),
        row('utc', UTC_30, 'organic', 1),
        row('utc', UTC_30, 'direct', 1),
        row('moving', UTC_30, 'direct', 1),
      ] as never)
      .execute();

    await migrateToLatest(old);

    const rows = await db
      .selectFrom('dash_source_day')
      .select(['website_id', 'day', 'channel', 'clicks', 'without_consent'])
      .orderBy('website_id')
      .orderBy('day')
      .orderBy('channel')
      .execute();
    expect(
      rows.map((r) => [r.website_id, Number(r.day), r.channel, Number(r.clicks), Number(r.without_consent)]),
    ).toEqual([
      ['ktm', KTM_30, 'direct', 1, 1],
      ['ktm', KTM_31, 'direct', 3, 2],
      // A rebuild for a new zone is under way: it counts them itself.
      ['moving', UTC_30, 'direct', 1, 0],
      ['utc', UTC_30, 'direct', 1, 0],
      ['utc', UTC_30, 'organic', 1, 1],
    ]);
  });
});
