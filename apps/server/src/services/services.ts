import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../db/database';
import type { ClickHouseSetup } from '../storage/backend.clickhouse';
import { openBackend } from '../storage/backends';
import { wireAccounts, wireOrganizations } from './accounts/accounts.wiring';
import type { Mailer } from './accounts/mailer';
import { wireAttribution } from './attribution/attribution.wiring';
import { BillingService } from './billing/billing.service';
import { createStripeClient } from './billing/stripe-client';
import { wireCampaigns } from './campaigns/campaigns.wiring';
import { CostService } from './costs/cost.service';
import { wireDashboard } from './dashboard/dashboard.wiring';
import type { CredentialChecker } from './debug/auth-debug.service';
import { wireDebug } from './debug/debug.wiring';
import { FunnelService } from './funnels/funnel.service';
import { wireIngest } from './ingest/ingest.wiring';
import { LogService } from './logs/log.service';
import { Access, type CurrentUser } from './platform/access';
import { BackgroundJobs } from './platform/background-jobs';
import { DomainEventBus } from './platform/domain-events';
import { createInfrastructure } from './platform/infrastructure';
import { PostbackService } from './postbacks/postback.service';
import { createPostbackHttp } from './postbacks/postback-http';
import { wirePrivacy } from './privacy/privacy.wiring';
import { wireWebsites } from './websites/websites.wiring';
import { alone, type ServiceSeams, type Wiring } from './wiring';

export type { ServiceSeams } from './wiring';

/** What the services need of the auth thread (auth/auth-bridge.ts). */
interface AuthPorts {
  credentials: CredentialChecker;
  /** Made before the auth thread, which sends its mail through it (verification, reset, codes). */
  mailer: Mailer;
}

/** Where the data lives: the SQL database (migrated) and, with CLICKHOUSE_URL, ClickHouse. */
interface Storage {
  database: Database;
  clickhouse: ClickHouseSetup | null;
}

type Services = Awaited<ReturnType<typeof createServices>>;

/**
 * Wires the storage backend, collect's plumbing and every domain's services (each domain's wiring
 * file says what its services stand on). The HTTP layer sees only the services, and `close()`
 * ends them in order: background work, postbacks, the commits collect waits for, the backend.
 */
export async function createServices(
  { database, clickhouse }: Storage,
  config: AppConfig,
  log: FastifyBaseLogger,
  auth: AuthPorts,
  seams: ServiceSeams = {},
) {
  const bus = new DomainEventBus();
  const conversionsStored = (count: number) => {
    if (count > 0) void bus.emit('conversions.stored', { count });
  };
  const backend = openBackend(
    {
      database,
      sqliteFile: 'file' in config.database ? config.database.file : null,
      hooks: {
        onConversionsStored: conversionsStored,
        onDeriveError: (message) => log.error({ error: message }, 'deriving stored events failed; retrying'),
        onWriterExit: (err, restartInMs) =>
          log.error({ err, restartInMs }, 'the event writer thread ended; starting a new one'),
      },
    },
    clickhouse,
  );
  const { repositories } = backend;
  seams.events?.(backend.events);
  const infra = createInfrastructure(backend, bus, config, log);
  const w: Wiring = {
    config,
    log,
    database,
    backend,
    repositories,
    infra,
    bus,
    access: new Access(repositories.websites, repositories.organizations),
    seams,
  };

  const { organizations, invitations } = wireOrganizations(w, auth.mailer);
  const { websites, goals, apiKeys } = wireWebsites(w, organizations);
  const billing = new BillingService({
    organizations: repositories.organizations,
    events: repositories.billingEvents,
    access: w.access,
    stripe: config.billing ? createStripeClient(config.billing) : null,
    webhookSecret: config.billing?.webhookSecret ?? null,
    publicUrl: config.publicUrl,
  });
  const attribution = wireAttribution(w);
  const postbacks = new PostbackService(
    repositories.postbacks,
    w.access,
    config.postbackRetryBaseMs,
    createPostbackHttp({ allowPrivate: config.postbackAllowPrivate, network: seams.postbackNetwork }),
    log,
  );
  const ingest = wireIngest(w);
  const dashboard = wireDashboard(w);
  const privacy = wirePrivacy(w);
  const background = new BackgroundJobs(
    [
      ...attribution.tasks,
      ...dashboard.tasks,
      // Sweeps over every website and the backend's own upkeep: one server at a time does them.
      ...alone(database, [...privacy.sweeps, ...backend.upkeep]),
      // Deliveries run in their own lane; a pass only tells it to look for due ones, never waits for a call.
      {
        name: 'deliver postbacks',
        run: async () => {
          postbacks.pump();
          return 0;
        },
      },
    ],
    log,
  );
  bus.on('conversions.stored', () => background.nudge());

  const services = {
    organizations,
    invitations,
    websites,
    goals,
    apiKeys,
    billing,
    attribution: attribution.attribution,
    reports: attribution.reports,
    conversions: attribution.conversions,
    postbacks,
    ...ingest,
    ...wireCampaigns(w, attribution.reports),
    dashboard: dashboard.dashboard,
    breakdowns: dashboard.breakdowns,
    shareLinks: dashboard.shareLinks,
    funnels: new FunnelService(
      repositories.funnels,
      repositories.funnelEvents,
      w.access,
      bus,
      seams.reportClock,
    ),
    logs: new LogService(repositories.logs, repositories.reports, w.access, repositories.conversions),
    costs: new CostService(repositories.adCosts, repositories.campaigns, w.access),
    visitorRights: privacy.visitorRights,
    ...wireDebug(w, {
      attribution: attribution.attribution,
      mailer: auth.mailer,
      credentials: auth.credentials,
    }),
    ...wireAccounts(w, { websites, billing, mailer: auth.mailer }),
    /** The follow-up work (crediting, recomputes, sweeps, deliveries); tests settle it. */
    background,
    /** Request limits (collect and the services'), shared by the app servers through Redis when set. */
    limits: infra.limits,
  };
  await infra.ready();
  return {
    ...services,
    /** Ends the services in order; the SQL database is closed by whoever opened it. */
    async close(): Promise<void> {
      await background.stop();
      await postbacks.stop();
      await infra.drain();
      await backend.close();
      await services.installation.close();
      infra.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    /** Set by the requireUser hook on routes that need a signed-in user. */
    user: CurrentUser | null;
  }
}
