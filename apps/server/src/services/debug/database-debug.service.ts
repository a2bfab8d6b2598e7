import type { DatabaseDebug } from '@ocx/contracts';
import type { DatabaseDebugRepository } from '../../storage/sql/debug/database-debug.repository';
import type { Access, CurrentUser } from '../access';
import type { HealthService } from '../health.service';

/**
 * The database debug screen (DESIGN §2: no SQL from the browser): the server's health, migrations
 * and backlogs, and row counts of the signed-in user's own websites only.
 */
export class DatabaseDebugService {
  constructor(
    private readonly repository: DatabaseDebugRepository,
    private readonly access: Access,
    private readonly health: HealthService,
    private readonly migrations: () => Promise<{ name: string; appliedAt: Date }[]>,
    private readonly clock: () => number = performance.now.bind(performance),
  ) {}

  async report(user: CurrentUser): Promise<DatabaseDebug> {
    const { details } = await this.health.report();
    const { database, ingest } = details;
    const base = {
      dialect: database.dialect,
      version: database.version,
      reachable: database.reachable,
      backlog: { derivation: ingest.derivationBacklog, crediting: details.attribution },
      clickhouse: details.clickhouse,
      ingest: {
        accepted: ingest.accepted,
        stored: ingest.stored,
        duplicates: ingest.duplicates,
        rateLimited: ingest.rateLimited,
        commitFailures: ingest.commitFailures,
        dropped: ingest.dropped,
      },
      checkedAt: new Date().toISOString(),
    };
    if (!database.reachable) return { ...base, latencyMs: null, migrations: [], rowCounts: null };
    const latencyMs = await this.roundTrip();
    const websites = await this.access.websites(user, 'read');
    const [migrations, rowCounts] = await Promise.all([
      this.migrations(),
      this.repository.rowCounts(websites.map((w) => w.id)),
    ]);
    return {
      ...base,
      latencyMs,
      migrations: migrations.map((m) => ({ name: m.name, appliedAt: m.appliedAt.toISOString() })),
      rowCounts,
    };
  }

  /** Milliseconds of one `select 1`, to a tenth. */
  private async roundTrip(): Promise<number> {
    const start = this.clock();
    await this.repository.ping();
    return Math.round((this.clock() - start) * 10) / 10;
  }
}
