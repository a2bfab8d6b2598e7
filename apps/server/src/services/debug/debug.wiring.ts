import { appliedMigrations, latestMigration } from '../../migrations/migrate';
import type { Mailer } from '../accounts/mailer';
import type { AttributionService } from '../attribution/attribution.service';
import type { Wiring } from '../wiring';
import { AuthDebugService, type CredentialChecker, signInTestLimits } from './auth-debug.service';
import { accountAuthSources } from './auth-diagnostics-sources';
import { DatabaseDebugService } from './database-debug.service';
import { HealthService } from './health.service';
import { InstanceOperators } from './instance-operators';

/** Health, the debug screens and who the instance's operators are. */
export function wireDebug(
  { repositories, database, backend, infra, access, config }: Wiring,
  deps: { attribution: AttributionService; mailer: Mailer; credentials: CredentialChecker },
) {
  const operators = new InstanceOperators(config.adminEmails, repositories.authDebug);
  const status = {
    dialect: database.dialect,
    version: () => database.version(),
    latestMigration: () => latestMigration(database),
  };
  const health = new HealthService(status, infra.metrics, backend.events, deps.attribution, backend);
  return {
    health,
    operators,
    databaseDebug: new DatabaseDebugService(repositories.databaseDebug, access, health, operators, {
      applied: () => appliedMigrations(database),
    }),
    authDebug: new AuthDebugService(
      repositories.authDebug,
      accountAuthSources(repositories.authDebug, deps.mailer, config),
      deps.credentials,
      signInTestLimits(infra.limits, config.authRateLimit),
    ),
  };
}
