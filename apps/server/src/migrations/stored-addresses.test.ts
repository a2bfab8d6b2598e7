import { planWrite } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { clickRow, eventRow } from '../storage/events/event-rows.sql';
import { ingestEvent } from '../test/ingest-event.fixture';
import { dialects } from '../test/test-database';
import { migrateToLatest } from './migrate';
import { migrationDatabases } from './migration-test-database';

const NOW = '2026-03-01T10:00:00.000Z';

describe.each(dialects)('migration 0020 (stored addresses) on %s', (dialect) => {
  const { databaseAt } = migrationDatabases(dialect);

  it('cuts the stored addresses of websites with IP anonymization on, and only theirs', async () => {
    // The migration before 0020: today's event store reads the website's time zone (0018).
    const old = await databaseAt('0019-rollup-time-zone');
    await old.db
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
    const site = (id: string, anonymize: boolean) => ({
      id,
      user_id: 'alice',
      organization_id: null,
      name: id,
      brand: 'My Brand',
      root_domain: `${id}.test`,
      attribution_model: 'first_touch',
      attribution_window: 90,
      config: JSON.stringify({ scriptConfig: { ipAnonymization: anonymize } }),
      postback_url: null,
      cookie_domain: `.${id}.test`,
      default_campaign_id: 'c_abcdefg',
      created_at: NOW,
      updated_at: NOW,
    });
    await old.db
      .insertInto('website')
      .values([site('private', true), site('open', false)])
      .execute();
    // Rows as the event store wrote them then (no screen column before 0026, no region or city before 0032).
    const events = [
      ingestEvent({ websiteId: 'private', ip: '81.2.69.142', visitorId: 'v1', sessionId: 's1' }),
      ingestEvent({
        websiteId: 'private',
        ip: '2001:db8:85a3:8d3:1319:8a2e:370:7348',
        visitorId: 'v2',
        sessionId: 's2',
      }),
      ingestEvent({ websiteId: 'private', ip: '::ffff:203.0.113.9', visitorId: 'v3', sessionId: 's3' }),
      ingestEvent({ websiteId: 'open', ip: '81.2.69.142', visitorId: 'v1', sessionId: 's1' }),
    ];
    let id = 0;
    // Sessions are per website: each website's events planned on their own, as the store does.
    const clicks = ['private', 'open'].flatMap(
      (site) =>
        planWrite(
          events.filter((e) => e.websiteId === site),
          new Map(),
          () => `click-${++id}`,
        ).clicks,
    );
    await old.db
      .insertInto('event')
      .values(
        events.map((e) => {
          const { screen: _, region: __, city: ___, ...row } = eventRow(e);
          return row;
        }),
      )
      .execute();
    await old.db.insertInto('click').values(clicks.map(clickRow)).execute();

    await migrateToLatest(old);

    const addresses = async (websiteId: string) => ({
      events: (
        await old.db
          .selectFrom('event')
          .select('ip')
          .where('website_id', '=', websiteId)
          .orderBy('visitor_id')
          .execute()
      ).map((r) => r.ip),
      clicks: (
        await old.db
          .selectFrom('click')
          .select('ip_address')
          .where('website_id', '=', websiteId)
          .orderBy('visitor_id')
          .execute()
      ).map((r) => r.ip_address),
    });
    const cut = ['81.2.69.0', '2001:db8:85a3::', '203.0.113.0'];
    expect(await addresses('private')).toEqual({ events: cut, clicks: cut });
    expect(await addresses('open')).toEqual({ events: ['81.2.69.142'], clicks: ['81.2.69.142'] });
  });
});
