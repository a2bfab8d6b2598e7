import { anonymizeIp, DAY_MS } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { AddressTruncationService } from '../../services/privacy/address-truncation.service';
import { createTestClickHouse, type TestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestDatabase, dialects, type TestDialect } from '../../test/test-database';
import { insertWebsites } from '../../test/websites.fixture';
import { clickhouseEventAddresses } from '../backend.clickhouse';
import { ClickHouseEventStore } from '../events/event-store.clickhouse';
import { OldAddressRepository } from './old-addresses.repository';
import { truncateClickHouseAddresses } from './stored-addresses.clickhouse';

const NOW = Date.UTC(2026, 10, 25, 12);
const dialect = dialects.at(-1) as TestDialect;

describe(`stored addresses cut in ClickHouse (metadata on ${dialect})`, () => {
  let database: Database;
  let clickhouse: TestClickHouse;
  let closeDb: () => Promise<void>;
  let store: ClickHouseEventStore;

  const events = async (websiteId: string) => {
    const result = await clickhouse.client.query({
      query: 'SELECT visitor_id, ip FROM events WHERE website_id = {w:String} ORDER BY visitor_id',
      query_params: { w: websiteId },
      format: 'JSONEachRow',
    });
    return result.json<{ visitor_id: string; ip: string | null }>();
  };

  beforeAll(async () => {
    ({ database, close: closeDb } = await createTestDatabase(dialect));
    clickhouse = await createTestClickHouse();
    store = new ClickHouseEventStore(database.db, database.dialect, clickhouse.client);
  });
  afterAll(async () => {
    await clickhouse.close();
    await closeDb();
  });

  it('cuts the addresses of events older than 30 days in ClickHouse and the clicks in SQL', async () => {
    await insertWebsites(database, ['w1', 'w2'], NOW);
    await store.commit([
      ingestEvent({
        websiteId: 'w1',
        ip: '81.2.69.142',
        ts: NOW - 31 * DAY_MS,
        visitorId: 'old',
        sessionId: 'old',
      }),
      ingestEvent({
        websiteId: 'w2',
        ip: '2001:db8:1:2:3:4:5:6',
        ts: NOW - 40 * DAY_MS,
        visitorId: 'old6',
        sessionId: 'old6',
      }),
      ingestEvent({
        websiteId: 'w1',
        ip: '81.2.69.143',
        ts: NOW - 29 * DAY_MS,
        visitorId: 'new',
        sessionId: 'new',
      }),
    ]);
    const job = new AddressTruncationService(
      new OldAddressRepository(database.db),
      () => NOW,
      clickhouseEventAddresses(clickhouse.client),
    );
    let passes = 0;
    while ((await job.run()) > 0) passes += 1;
    expect(passes).toBeGreaterThan(0);
    expect([...(await events('w1')), ...(await events('w2'))]).toEqual([
      { visitor_id: 'new', ip: '81.2.69.143' },
      { visitor_id: 'old', ip: '81.2.69.0' },
      { visitor_id: 'old6', ip: '2001:db8:1::' },
    ]);
    const clicks = await database.db
      .selectFrom('click')
      .select('ip_address')
      .where('website_id', 'in', ['w1', 'w2'])
      .orderBy('visitor_id')
      .execute();
    expect(clicks.map((c) => c.ip_address)).toEqual(['81.2.69.143', '81.2.69.0', '2001:db8:1::']);
  });

  it('cuts each address in ClickHouse as core anonymizeIp does, awkward ones included, in one pass', async () => {
    const addresses = [
      '81.2.69.142',
      '300.1.2.3',
      '::ffff:81.2.69.142',
      '::FFFF:10.0.0.1',
      '::ffff:1.2.3',
      '1.2.3',
      '2001:db8:1:2:3:4:5:6',
      '2001:DB8::1',
      '2001:0db8:0000:0000:0000:0000:0000:0001',
      '::1',
      '1::',
      'fe80::1%eth0',
      '1::2::3',
      ':::1',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7::8',
      'not an address',
    ];
    await store.commit(
      addresses.map((ip, i) =>
        ingestEvent({
          websiteId: 'awkward',
          ip,
          ts: NOW - 31 * DAY_MS,
          visitorId: `v${String(i).padStart(2, '0')}`,
        }),
      ),
    );
    // An address ending in :: counts as cut already (as in the SQL stores).
    const full = addresses.filter((a) => !a.endsWith('::')).length;
    expect(await truncateClickHouseAddresses(clickhouse.client, { websiteIds: ['awkward'] })).toBe(full);
    expect((await events('awkward')).map((e) => e.ip)).toEqual(
      addresses.map((a) => (a.endsWith('::') ? a : anonymizeIp(a) || null)),
    );
    expect(await truncateClickHouseAddresses(clickhouse.client, { websiteIds: ['awkward'] })).toBe(0);
  });
});
