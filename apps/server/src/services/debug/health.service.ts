import type { ClickHouseClient } from '@clickhouse/client';
import pkg from '../../../package.json' with { type: 'json' };
import type { Database } from '../../db/database';
import type { IngestCounts, IngestMetrics } from '../../ingest/ingest-metrics';
import { latestMigration } from '../../migrations/migrate';
import type { ClickHouseMirror } from '../../storage/clickhouse/mirror.clickhouse';

export interface HealthReport {
  /** False when the database, or ClickHouse when configured, cannot be reached (the route answers 503). */
  healthy: boolean;
  /** What the instance's operators see (HEALTH_TOKEN, OCX_ADMIN_EMAILS); anyone else gets `status` only. */
  details: {
    status: 'ok' | 'degraded';
    version: string;
    database: { dialect: string; reachable: boolean; version: string | null; migration: string | null };
    ingest: IngestCounts & { derivationBacklog: number };
    /** Conversions waiting for their credits and conversions that could not be credited. */
    attribution: { pending: number; failed: number } | null;
    /**
     * With CLICKHOUSE_URL: whether ClickHouse answers, and the clicks, conversions and credits
     * changed in SQL whose ClickHouse copies are not written yet (counted up to 100,000).
     */
    clickhouse: { reachable: boolean; copyBacklog: number | null } | null;
    /** This process's memory in MB: resident, the JavaScript heap in use, and native buffers. */
    memory: { rssMb: number; heapUsedMb: number; externalMb: number };
  };
}

/** What the health check asks of ClickHouse, when it is configured. */
export interface ClickHouseHealth {
  ping(): Promise<boolean>;
  copyBacklog(): Promise<number>;
}

export function clickhouseHealth(client: ClickHouseClient, mirror: ClickHouseMirror): ClickHouseHealth {
  return { ping: async () => (await client.ping()).success, copyBacklog: () => mirror.backlog() };
}

/** Database reachability and version, the server's version and its ingestion counters. */
export class HealthService {
  constructor(
    private readonly database: Database,
    private readonly metrics: IngestMetrics,
    private readonly derivationBacklog: () => number,
    private readonly crediting: () => Promise<{ pending: number; failed: number }>,
    private readonly clickhouseHealth: ClickHouseHealth | null = null,
  ) {}

  async report(): Promise<HealthReport & { error?: unknown }> {
    const ingest = { ...this.metrics.counts, derivationBacklog: this.derivationBacklog() };
    const used = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const memory = { rssMb: mb(used.rss), heapUsedMb: mb(used.heapUsed), externalMb: mb(used.external) };
    const dialect = this.database.dialect;
    const clickhouse = this.clickhouseHealth ? this.clickhouseReport(this.clickhouseHealth) : null;
    try {
      const [version, migration, attribution] = await Promise.all([
        this.database.version(),
        latestMigration(this.database),
        this.crediting(),
      ]);
      const clickhouseNow = await clickhouse;
      const healthy = clickhouseNow?.reachable ?? true;
      return {
        healthy,
        ...(healthy ? {} : { error: new Error('ClickHouse did not answer its ping') }),
        details: {
          status: healthy ? 'ok' : 'degraded',
          version: pkg.version,
          database: { dialect, reachable: true, version, migration },
          ingest,
          attribution,
          clickhouse: clickhouseNow,
          memory,
        },
      };
    } catch (error) {
      return {
        healthy: false,
        error,
        details: {
          status: 'degraded',
          version: pkg.version,
          database: { dialect, reachable: false, version: null, migration: null },
          ingest,
          attribution: null,
          clickhouse: await clickhouse,
          memory,
        },
      };
    }
  }

  /** Never throws: an unreachable ClickHouse or SQL database is part of the answer. */
  private async clickhouseReport(health: ClickHouseHealth): Promise<HealthReport['details']['clickhouse']> {
    const [reachable, copyBacklog] = await Promise.all([
      health.ping().catch(() => false),
      health.copyBacklog().catch(() => null),
    ]);
    return { reachable, copyBacklog };
  }
}
