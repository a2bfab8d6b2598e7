import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClickHouse, type TestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { migrateClickHouse } from './clickhouse-migrate';
import { clickHouseMigrations } from './migrations';

describe('ClickHouse migrations', () => {
  let clickhouse: TestClickHouse;
  beforeAll(async () => {
    clickhouse = await createTestClickHouse();
  });
  afterAll(() => clickhouse.close());

  it('are applied once: a second start (or a second app server) applies none again', async () => {
    expect(await migrateClickHouse(clickhouse.client)).toEqual([]);
    const names = await clickhouse.client.query({
      query: 'SELECT name FROM ocx_migrations ORDER BY name',
      format: 'JSONEachRow',
    });
    expect((await names.json<{ name: string }>()).map((r) => r.name)).toEqual(
      clickHouseMigrations.map((m) => m.name),
    );
  });

  it('make the events table sorted by website and time', async () => {
    const table = await clickhouse.client.query({
      query:
        "SELECT engine, sorting_key FROM system.tables WHERE database = currentDatabase() AND name = 'events'",
      format: 'JSONEachRow',
    });
    expect(await table.json()).toEqual([
      {
        engine: 'ReplacingMergeTree',
        sorting_key: "website_id, toDate(fromUnixTimestamp64Milli(ts, 'UTC')), ts, event_id",
      },
    ]);
  });
});
