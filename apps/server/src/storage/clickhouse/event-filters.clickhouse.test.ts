import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestClickHouse, type TestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestDatabase, dialects, type TestDialect } from '../../test/test-database';
import { ClickHouseEventStore } from '../events/event-store.clickhouse';
import { chRows } from './clickhouse-query';
import { clickHouseScope } from './event-filters.clickhouse';
import { ClickHouseMirror } from './mirror.clickhouse';

const dialect = dialects.at(-1) as TestDialect;
const T0 = Date.UTC(2026, 9, 20);
/** Converting visitors: their ids as one query parameter would pass ClickHouse's 1 MiB URL (they are read from its copy of the conversions). */
const MANY = 40_000;

describe(`the goal filter with the events in ClickHouse (metadata on ${dialect})`, () => {
  let database: Database;
  let clickhouse: TestClickHouse;
  let closeDb: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close: closeDb } = await createTestDatabase(dialect));
    clickhouse = await createTestClickHouse();
    const store = new ClickHouseEventStore(database.db, database.dialect, clickhouse.client);
    // Three visitors with events; the first two among MANY who completed the goal.
    await store.commit(
      ['buyer-00000-with-a-long-visitor-id', 'buyer-00001-with-a-long-visitor-id', 'browser'].map((v, i) =>
        ingestEvent({ websiteId: 'big', visitorId: v, sessionId: `${v}-s`, ts: T0 + i }),
      ),
    );
    const rows = Array.from({ length: MANY }, (_, i) => ({
      id: `c${i}`,
      website_id: 'big',
      goal_name: 'Signup',
      currency: 'USD',
      ts: T0 + i,
      visitor_id: `buyer-${String(i).padStart(5, '0')}-with-a-long-visitor-id`,
      conversion_type: 'lead',
      dedupe_key: `c${i}`,
      source: 'tracker',
    }));
    for (let i = 0; i < rows.length; i += 2000)
      await database.db
        .insertInto('conversion')
        .values(rows.slice(i, i + 2000))
        .execute();
    const mirror = new ClickHouseMirror(database.db, database.dialect, clickhouse.client);
    await mirror.start();
    while ((await mirror.drain()) > 0);
  });
  afterAll(async () => {
    await clickhouse.close();
    await closeDb();
  });

  it('narrows to the visitors who completed the goal, however many they are', async () => {
    const scope = clickHouseScope({ websiteId: 'big', from: T0, filters: { goal: 'Signup' } });
    const rows = await chRows<{ visitor_id: string }>(
      clickhouse.client,
      `WITH ${scope.cte} SELECT DISTINCT visitor_id FROM scoped ORDER BY visitor_id`,
      scope.params,
    );
    expect(rows.map((r) => r.visitor_id)).toEqual([
      'buyer-00000-with-a-long-visitor-id',
      'buyer-00001-with-a-long-visitor-id',
    ]);
  });
});
