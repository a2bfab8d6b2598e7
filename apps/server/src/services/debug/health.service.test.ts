import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { IngestMetrics } from '../../ingest/ingest-metrics';
import { createTestDatabase } from '../../test/test-database';
import { type ClickHouseHealth, HealthService } from './health.service';

describe('HealthService with ClickHouse configured', () => {
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await createTestDatabase('sqlite'));
  });
  afterAll(() => close());

  const report = (clickhouse: ClickHouseHealth | null) =>
    new HealthService(
      database,
      new IngestMetrics(),
      () => 0,
      async () => ({ pending: 0, failed: 0 }),
      clickhouse,
    ).report();

  it("reports ClickHouse's ping and the copies' backlog", async () => {
    const { healthy, details } = await report({ ping: async () => true, copyBacklog: async () => 42 });
    expect(healthy).toBe(true);
    expect(details.status).toBe('ok');
    expect(details.clickhouse).toEqual({ reachable: true, copyBacklog: 42 });
  });

  it('is degraded when ClickHouse does not answer, the SQL database still reachable', async () => {
    for (const ping of [async () => false, async () => Promise.reject(new Error('ECONNREFUSED'))]) {
      const { healthy, details } = await report({ ping, copyBacklog: async () => 3 });
      expect(healthy).toBe(false);
      expect(details.status).toBe('degraded');
      expect(details.database.reachable).toBe(true);
      expect(details.clickhouse).toEqual({ reachable: false, copyBacklog: 3 });
    }
  });

  it('answers an unknown backlog when it cannot be counted, and no ClickHouse part without it', async () => {
    const failing = await report({
      ping: async () => true,
      copyBacklog: () => Promise.reject(new Error('x')),
    });
    expect(failing.details.clickhouse).toEqual({ reachable: true, copyBacklog: null });
    expect(failing.healthy).toBe(true);
    expect((await report(null)).details.clickhouse).toBeNull();
  });
});
