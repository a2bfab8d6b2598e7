import type { DatabaseDebug, DatabaseServerDebug } from '@ocx/contracts';
import type { DatabaseDebugRepository } from '../../storage/debug/database-debug.repository';
import type { Access, CurrentUser } from '../platform/access';
import type { HealthService } from './health.service';
import type { InstanceOperators } from './instance-operators';

/**
 * The database debug screen (no SQL from the browser): whether the database answers and
 * row counts of the signed-in user's own websites; for the instance's operators also the server's
 * health, migrations, backlogs and collect counters, which describe every website on it.
 */
export class DatabaseDebugService {
  constructor(
    private readonly repository: DatabaseDebugRepository,
    private readonly access: Access,
    private readonly health: HealthService,
    private readonly operators: InstanceOperators,
    private readonly migrations: { applied(): Promise<{ name: string; appliedAt: Date }[]> },
    private readonly clock: () => number = performance.now.bind(performance),
  ) {}

  async report(user: CurrentUser): Promise<DatabaseDebug> {
    const checkedAt = new Date().toISOString();
    const operator = await this.operators.includes(user).catch(() => false);
    const latencyMs = await this.roundTrip().catch(() => null);
    const reachable = latencyMs !== null;
    const [rowCounts, server] = await Promise.all([
      reachable ? this.ownRows(user) : null,
      operator ? this.server(latencyMs) : null,
    ]);
    return { reachable, rowCounts, checkedAt, server };
  }

  private async ownRows(user: CurrentUser) {
    const websites = await this.access.websites(user, 'read');
    return this.repository.rowCounts(websites.map((w) => w.id));
  }

  private async server(latencyMs: number | null): Promise<DatabaseServerDebug> {
    const { details } = await this.health.report();
    const { database, ingest } = details;
    const migrations = database.reachable ? await this.migrations.applied() : [];
    return {
      dialect: database.dialect,
      version: database.version,
      latencyMs,
      migrations: migrations.map((m) => ({ name: m.name, appliedAt: m.appliedAt.toISOString() })),
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
    };
  }

  /** Milliseconds of one `select 1`, to a tenth; throws when the database does not answer. */
  private async roundTrip(): Promise<number> {
    const start = this.clock();
    await this.repository.ping();
    return Math.round((this.clock() - start) * 10) / 10;
  }
}
