import pkg from '../../package.json' with { type: 'json' };
import type { Database } from '../db/database';
import type { IngestCounts, IngestMetrics } from '../ingest/ingest-metrics';
import { latestMigration } from '../migrations/migrate';

export interface HealthReport {
  /** False when the database cannot be reached (the route answers 503). */
  healthy: boolean;
  /** What a signed-in user or the HEALTH_TOKEN holder sees; anonymous callers get `status` only. */
  details: {
    status: 'ok' | 'degraded';
    version: string;
    database: { dialect: string; reachable: boolean; version: string | null; migration: string | null };
    ingest: IngestCounts & { derivationBacklog: number };
    /** Conversions waiting for their credits and conversions that could not be credited. */
    attribution: { pending: number; failed: number } | null;
    /** This process's memory in MB: resident, the JavaScript heap in use, and native buffers. */
    memory: { rssMb: number; heapUsedMb: number; externalMb: number };
  };
}

/** Database reachability and version, the server's version and its ingestion counters. */
export class HealthService {
  constructor(
    private readonly database: Database,
    private readonly metrics: IngestMetrics,
    private readonly derivationBacklog: () => number,
    private readonly crediting: () => Promise<{ pending: number; failed: number }>,
  ) {}

  async report(): Promise<HealthReport & { error?: unknown }> {
    const ingest = { ...this.metrics.counts, derivationBacklog: this.derivationBacklog() };
    const used = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const memory = { rssMb: mb(used.rss), heapUsedMb: mb(used.heapUsed), externalMb: mb(used.external) };
    const dialect = this.database.dialect;
    try {
      const [version, migration, attribution] = await Promise.all([
        this.database.version(),
        latestMigration(this.database),
        this.crediting(),
      ]);
      return {
        healthy: true,
        details: {
          status: 'ok',
          version: pkg.version,
          database: { dialect, reachable: true, version, migration },
          ingest,
          attribution,
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
          memory,
        },
      };
    }
  }
}
