import type { EventStore } from '@ocx/core';
import pkg from '../../../package.json' with { type: 'json' };
import type { Backend } from '../../storage/backend';
import type { IngestCounts, IngestMetrics } from '../ingest/ingest-metrics';

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

/** The SQL database as health reports it (the wiring reads it from the connection and the migrations). */
export interface DatabaseStatus {
  dialect: string;
  version(): Promise<string | null>;
  /** The name of the last migration applied. */
  latestMigration(): Promise<string | null>;
}

/** Database reachability and version, the server's version and its ingestion counters. */
export class HealthService {
  constructor(
    private readonly database: DatabaseStatus,
    private readonly metrics: IngestMetrics,
    /** The events stored but not derived yet. */
    private readonly events: Pick<EventStore, 'pending'>,
    /** Conversions waiting for their credits, and those that could not be credited. */
    private readonly attribution: { crediting(): Promise<{ pending: number; failed: number }> },
    /** The events' store beyond the SQL database (ClickHouse), or nothing to add. */
    private readonly eventStore: Pick<Backend, 'health'> = { health: async () => null },
  ) {}

  async report(): Promise<HealthReport & { error?: unknown }> {
    const ingest = { ...this.metrics.counts, derivationBacklog: this.events.pending() };
    const used = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const memory = { rssMb: mb(used.rss), heapUsedMb: mb(used.heapUsed), externalMb: mb(used.external) };
    const dialect = this.database.dialect;
    // Never throws: an unreachable ClickHouse is part of the answer.
    const clickhouse = this.eventStore.health().catch(() => ({ reachable: false, copyBacklog: null }));
    try {
      const [version, migration, attribution] = await Promise.all([
        this.database.version(),
        this.database.latestMigration(),
        this.attribution.crediting(),
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
}
