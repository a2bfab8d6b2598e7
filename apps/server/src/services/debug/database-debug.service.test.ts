import { type DebugRowCountTable, debugRowCountTables } from '@ocx/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { DatabaseDebugRepository } from '../../storage/debug/database-debug.repository';
import { accessTo, member, memberWebsite } from '../../test/member-website.fixture';
import { mockOf } from '../../test/service-mocks';
import { IngestMetrics } from '../ingest/ingest-metrics';
import { DatabaseDebugService } from './database-debug.service';
import type { HealthReport, HealthService } from './health.service';
import type { InstanceOperators } from './instance-operators';

const counts = Object.fromEntries(debugRowCountTables.map((t) => [t, 3])) as Record<
  DebugRowCountTable,
  number
>;

const healthReport = (databaseReachable = true): HealthReport => {
  const ingest = { ...new IngestMetrics().counts, accepted: 12, stored: 10, derivationBacklog: 4 };
  return {
    healthy: databaseReachable,
    details: {
      status: databaseReachable ? 'ok' : 'degraded',
      version: '1.2.3',
      database: { dialect: 'postgres', reachable: databaseReachable, version: '16.2', migration: '0040' },
      ingest,
      attribution: { pending: 2, failed: 1 },
      clickhouse: null,
      memory: { rssMb: 1, heapUsedMb: 1, externalMb: 1 },
    },
  };
};

function build({ operator = false, databaseReachable = true } = {}) {
  const repository = mockOf<DatabaseDebugRepository>();
  const health = mockOf<HealthService>();
  const operators = mockOf<InstanceOperators>();
  const migrations = {
    applied: vi.fn(async () => [{ name: '0040', appliedAt: new Date(Date.UTC(2026, 0, 2)) }]),
  };
  const access = accessTo();
  access.websites.mockResolvedValue([memberWebsite({ id: 'w1' }), memberWebsite({ id: 'w2' })]);
  repository.rowCounts.mockResolvedValue(counts);
  health.report.mockResolvedValue(healthReport(databaseReachable));
  operators.includes.mockResolvedValue(operator);
  // Two readings of the clock around the ping: 12.34 ms apart.
  const clock = vi.fn<() => number>().mockReturnValueOnce(100).mockReturnValueOnce(112.34);
  const service = new DatabaseDebugService(repository, access, health, operators, migrations, clock);
  return { service, repository, health, operators, migrations, access };
}

describe('DatabaseDebugService without a database', () => {
  it('shows a member the row counts of the websites they may read, and nothing of the server', async () => {
    const { service, repository, health, access } = build();
    const report = await service.report(member);
    expect(access.websites).toHaveBeenCalledWith(member, 'read');
    expect(repository.rowCounts).toHaveBeenCalledWith(['w1', 'w2']);
    expect(report).toMatchObject({ reachable: true, rowCounts: counts, server: null });
    expect(health.report).not.toHaveBeenCalled();
  });

  it("shows an operator the server's health, migrations, backlogs and collect counters", async () => {
    const { service } = build({ operator: true });
    const { server } = await service.report(member);
    expect(server).toEqual({
      dialect: 'postgres',
      version: '16.2',
      latencyMs: 12.3,
      migrations: [{ name: '0040', appliedAt: '2026-01-02T00:00:00.000Z' }],
      backlog: { derivation: 4, crediting: { pending: 2, failed: 1 } },
      clickhouse: null,
      ingest: expect.objectContaining({ accepted: 12, stored: 10, duplicates: 0, commitFailures: 0 }),
    });
  });

  it('says the database is unreachable without counting, and reads no migrations then', async () => {
    const { service, repository, migrations } = build({ operator: true, databaseReachable: false });
    repository.ping.mockRejectedValue(new Error('ECONNREFUSED'));
    const report = await service.report(member);
    expect(report).toMatchObject({ reachable: false, rowCounts: null });
    expect(report.server).toMatchObject({ latencyMs: null, migrations: [] });
    expect(repository.rowCounts).not.toHaveBeenCalled();
    expect(migrations.applied).not.toHaveBeenCalled();
  });

  it('treats a user whose operator check fails as a member', async () => {
    const { service, operators, health } = build();
    operators.includes.mockRejectedValue(new Error('auth store away'));
    const report = await service.report(member);
    expect(report.server).toBeNull();
    expect(health.report).not.toHaveBeenCalled();
    expect(Date.parse(report.checkedAt)).not.toBeNaN();
  });
});
