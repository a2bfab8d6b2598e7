import { describe, expect, it, vi } from 'vitest';
import pkg from '../../../package.json' with { type: 'json' };
import type { EventStoreHealth } from '../../storage/backend';
import { mockOf } from '../../test/service-mocks';
import { IngestMetrics } from '../ingest/ingest-metrics';
import { type DatabaseStatus, HealthService } from './health.service';

function build(clickhouse: () => Promise<EventStoreHealth | null> = async () => null) {
  const database = mockOf<DatabaseStatus>({ dialect: 'postgres' });
  database.version.mockResolvedValue('PostgreSQL 16.2');
  database.latestMigration.mockResolvedValue('0040_share_links');
  const metrics = new IngestMetrics();
  const crediting = vi.fn(async () => ({ pending: 5, failed: 1 }));
  const service = new HealthService(
    database,
    metrics,
    { pending: () => 7 },
    { crediting },
    { health: clickhouse },
  );
  return { service, database, metrics, crediting };
}

describe('HealthService without a database', () => {
  it("reports the database's version and latest migration, collect's counters and the crediting backlog", async () => {
    const { service, metrics } = build();
    metrics.counts.accepted = 3;
    const report = await service.report();
    expect(report.healthy).toBe(true);
    expect(report.error).toBeUndefined();
    expect(report.details).toMatchObject({
      status: 'ok',
      version: pkg.version,
      database: {
        dialect: 'postgres',
        reachable: true,
        version: 'PostgreSQL 16.2',
        migration: '0040_share_links',
      },
      ingest: { accepted: 3, derivationBacklog: 7 },
      attribution: { pending: 5, failed: 1 },
      clickhouse: null,
    });
    expect(report.details.memory.rssMb).toBeGreaterThan(0);
  });

  it('is unhealthy when the database does not answer, and still says what collect and ClickHouse did', async () => {
    const { service, database } = build(async () => ({ reachable: true, copyBacklog: 0 }));
    const refused = new Error('ECONNREFUSED');
    database.version.mockRejectedValue(refused);
    const report = await service.report();
    expect(report.healthy).toBe(false);
    expect(report.error).toBe(refused);
    expect(report.details).toMatchObject({
      status: 'degraded',
      database: { dialect: 'postgres', reachable: false, version: null, migration: null },
      ingest: { derivationBacklog: 7 },
      attribution: null,
      clickhouse: { reachable: true, copyBacklog: 0 },
    });
  });

  it('is unhealthy when the crediting backlog cannot be read', async () => {
    const { service, crediting } = build();
    crediting.mockRejectedValue(new Error('relation "conversion" does not exist'));
    const report = await service.report();
    expect(report.healthy).toBe(false);
    expect(report.details.database.reachable).toBe(false);
  });

  it('is degraded with an error that names ClickHouse when it does not answer its ping', async () => {
    const { service } = build(() => Promise.reject(new Error('timeout')));
    const report = await service.report();
    expect(report.healthy).toBe(false);
    expect(String(report.error)).toContain('ClickHouse');
    expect(report.details.database.reachable).toBe(true);
    expect(report.details.clickhouse).toEqual({ reachable: false, copyBacklog: null });
  });

  it("reports ClickHouse's reachability and the copies' backlog beside the SQL side's figures", async () => {
    const { service } = build(async () => ({ reachable: true, copyBacklog: 42 }));
    const { healthy, details } = await service.report();
    expect(healthy).toBe(true);
    expect(details.status).toBe('ok');
    expect(details.clickhouse).toEqual({ reachable: true, copyBacklog: 42 });
    expect(details.ingest.derivationBacklog).toBe(7);
  });

  it('has no ClickHouse part when the events live in the SQL database', async () => {
    const { service } = build();
    expect((await service.report()).details.clickhouse).toBeNull();
  });
});
