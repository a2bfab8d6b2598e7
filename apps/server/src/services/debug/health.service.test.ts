import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { IngestMetrics } from '../../ingest/ingest-metrics';
import type { EventStoreHealth } from '../../storage/backend';
import { createTestDatabase } from '../../test/test-database';
import { HealthService } from './health.service';

describe('HealthService beside an events store of its own (ClickHouse)', () => {
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await createTestDatabase('sqlite'));
  });
  afterAll(() => close());

  const report = (health: () => Promise<EventStoreHealth | null>) =>
    new HealthService(
      database,
      new IngestMetrics(),
      { pending: () => 7 },
      { crediting: async () => ({ pending: 1, failed: 2 }) },
      { health },
    ).report();

  it("reports the store's reachability and the copies' backlog, with the SQL side's figures", async () => {
    const { healthy, details } = await report(async () => ({ reachable: true, copyBacklog: 42 }));
    expect(healthy).toBe(true);
    expect(details.status).toBe('ok');
    expect(details.clickhouse).toEqual({ reachable: true, copyBacklog: 42 });
    expect(details.ingest.derivationBacklog).toBe(7);
    expect(details.attribution).toEqual({ pending: 1, failed: 2 });
  });

  it('is degraded when the store does not answer (or its check fails), the SQL database still reachable', async () => {
    for (const health of [
      async () => ({ reachable: false, copyBacklog: 3 }),
      () => Promise.reject(new Error('ECONNREFUSED')),
    ]) {
      const { healthy, details } = await report(health);
      expect(healthy).toBe(false);
      expect(details.status).toBe('degraded');
      expect(details.database.reachable).toBe(true);
      expect(details.clickhouse?.reachable).toBe(false);
    }
  });

  it('has no ClickHouse part when the events live in the SQL database', async () => {
    expect((await report(async () => null)).details.clickhouse).toBeNull();
  });
});
