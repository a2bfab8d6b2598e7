import type { ClickHouseClient } from '@clickhouse/client';
import type { EventStore } from '@ocx/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../db/database';
import type { GroupCommitWriter } from '../ingest/group-commit-writer';
import type { WebsiteDirectory } from '../ingest/website-directory';
import { appliedMigrations } from '../migrations/migrate';
import { ClickHouseMirror } from '../storage/clickhouse/mirror.clickhouse';
import { ClickHouseRollupRebuildRepository } from '../storage/dashboard/rollup-rebuild.clickhouse';
import { RollupRebuildRepository } from '../storage/dashboard/rollup-rebuild.sql';
import { ClickHouseEventStore } from '../storage/events/event-store.clickhouse';
import type { ReportReaderThread } from '../storage/events/report-reader';
import { oneServerAtATime } from '../storage/sql/dialect';
import { Access, type CurrentUser } from './access';
import { AccountService } from './accounts/account.service';
import { ApiTokenService } from './accounts/api-token.service';
import { InvitationService } from './accounts/invitation.service';
import type { Mailer } from './accounts/mailer';
import { OrganizationService } from './accounts/organization.service';
import { AttributionService } from './attribution/attribution.service';
import { ConversionService } from './attribution/conversion.service';
import { CreditingJob, type CreditingRunner, creditingTasks } from './attribution/crediting.job';
import { ReportService } from './attribution/report.service';
import { BackgroundJobs, type BackgroundTask } from './background-jobs';
import { BillingService } from './billing/billing.service';
import { createStripeClient } from './billing/stripe-client';
import { BreakdownService } from './breakdowns/breakdown.service';
import { CampaignService } from './campaigns/campaign.service';
import { CampaignTemplateService } from './campaigns/campaign-template.service';
import { LandingPageService } from './campaigns/landing-page.service';
import { NetworkService } from './campaigns/network.service';
import { TouchpointMetricsService } from './campaigns/touchpoint-metrics.service';
import { TrafficSourceService } from './campaigns/traffic-source.service';
import { CostService } from './costs/cost.service';
import { DashboardService } from './dashboard/dashboard.service';
import { rollupRebuildTask } from './dashboard/rollup-rebuild.task';
import { ShareLinkService } from './dashboard/share-link.service';
import { AuthDebugService, type CredentialChecker, signInTestLimits } from './debug/auth-debug.service';
import { accountAuthSources } from './debug/auth-diagnostics-sources';
import { DatabaseDebugService } from './debug/database-debug.service';
import { clickhouseHealth, HealthService } from './debug/health.service';
import { InstanceOperators } from './debug/instance-operators';
import { FunnelService } from './funnels/funnel.service';
import { createInfrastructure, type Infrastructure } from './infrastructure';
import { EventTestService } from './ingest/event-test.service';
import { IngestService } from './ingest/ingest.service';
import { InstallationService } from './ingest/installation.service';
import { pendingCommitSweepTask } from './ingest/pending-commit-sweep.task';
import { LogService } from './logs/log.service';
import { PostbackService } from './postbacks/postback.service';
import { blockedPostbackUrl, createPostbackHttp, type PostbackNetwork } from './postbacks/postback-http';
import { AddressTruncationService } from './privacy/address-truncation.service';
import { RetentionService } from './privacy/retention.service';
import { VisitorRightsService } from './privacy/visitor-rights.service';
import type { RateLimits } from './rate-limits';
import { ApiKeyService } from './websites/api-key.service';
import { GoalService } from './websites/goal.service';
import { WebsiteService } from './websites/website.service';

export interface Services {
  websites: WebsiteService;
  goals: GoalService;
  organizations: OrganizationService;
  invitations: InvitationService;
  /** Stripe Checkout, portal, invoices and webhooks (every call refused when Stripe is not configured). */
  billing: BillingService;
  campaigns: CampaignService;
  ingest: IngestService;
  eventTest: EventTestService;
  /** First run: the first event, refusals on the way, and a look at the site's page. */
  installation: InstallationService;
  directory: WebsiteDirectory;
  writer: GroupCommitWriter;
  events: EventStore;
  /** The SQLite report reader thread, closed with the app; null on PostgreSQL. */
  reportReader: ReportReaderThread | null;
  attribution: AttributionService;
  postbacks: PostbackService;
  apiKeys: ApiKeyService;
  conversions: ConversionService;
  logs: LogService;
  reports: ReportService;
  background: BackgroundJobs;
  dashboard: DashboardService;
  breakdowns: BreakdownService;
  funnels: FunnelService;
  networks: NetworkService;
  sources: TrafficSourceService;
  landingPages: LandingPageService;
  templates: CampaignTemplateService;
  health: HealthService;
  /** Who runs this instance (OCX_ADMIN_EMAILS): they see figures about the whole server. */
  operators: InstanceOperators;
  databaseDebug: DatabaseDebugService;
  authDebug: AuthDebugService;
  /** The signed-in user's sessions, factors, sign-in methods and account deletion (profile, Auth Debug). */
  accounts: AccountService;
  apiTokens: ApiTokenService;
  /** Read-only dashboard links (Website Config) and the shared dashboard they open. */
  shareLinks: ShareLinkService;
  /** A visitor's rights: find, export, erase (Website Config → Privacy, scripts with an API key). */
  visitorRights: VisitorRightsService;
  /** SMTP or the log + dev outbox (Auth Debug reads transportName() and outbox(userId)). */
  mailer: Mailer;
  /** Request limits (collect and the services'), shared by the app servers through Redis when set. */
  limits: RateLimits;
  /** REDIS_URL's connection, null without one. */
  redis: Redis | null;
  /** Closes the Redis connections (with the app). */
  closeRedis(): void;
  /** Ad spend per campaign per day: manual entry, CSV reports, API key (docs/definitions.md#ad-spend). */
  costs: CostService;
}

/** What tests swap: the network postbacks see (their receivers listen on 127.0.0.1). */
export interface ServiceSeams {
  postbackNetwork?: Partial<PostbackNetwork>;
  /** 'Now' of the dashboard and funnel reports (tests pin it to put events around a local midnight). */
  reportClock?: () => number;
}

/** What the services need of the auth thread (auth/auth-bridge.ts). */
export interface AuthPorts {
  checkCredentials: CredentialChecker;
  /** Made before the auth thread, which sends its mail through it (verification, reset, codes). */
  mailer: Mailer;
}

/** Wires the infrastructure, then the domain services on it; the HTTP layer sees only the services. */
export function createServices(
  database: Database,
  config: AppConfig,
  log: FastifyBaseLogger,
  auth: AuthPorts,
  seams: ServiceSeams = {},
  clickhouse: ClickHouseClient | null = null,
): Services {
  return createDomain(createInfrastructure(database, config, log, clickhouse), config, log, auth, seams);
}

function createDomain(
  infra: Infrastructure,
  config: AppConfig,
  log: FastifyBaseLogger,
  auth: AuthPorts,
  seams: ServiceSeams,
): Services {
  const { repositories: repos, events, bus, directory, metrics, writer } = infra;
  const access = new Access(repos.websites, repos.organizations);
  const organizations = new OrganizationService(repos.organizations, {
    access,
    billingEnabled: config.billing !== null,
  });
  const websites = new WebsiteService(
    repos.websites,
    repos.goals,
    { publicUrl: config.publicUrl, scriptPath: config.trackerScriptPath, collectPath: config.collectPath },
    events,
    access,
    bus,
    (url) => (config.postbackAllowPrivate ? null : blockedPostbackUrl(url)),
    (user) => organizations.placeForNewWebsite(user),
  );
  const billing = new BillingService({
    organizations: repos.organizations,
    events: repos.billingEvents,
    access,
    stripe: config.billing ? createStripeClient(config.billing) : null,
    webhookSecret: config.billing?.webhookSecret ?? null,
    publicUrl: config.publicUrl,
  });
  const attribution = new AttributionService(repos.attribution, access);
  bus.on('attribution.settingsChanged', ({ websiteId, before, after }) =>
    attribution.settingsChanged(websiteId, before, after),
  );
  const postbacks = new PostbackService(
    repos.postbacks,
    access,
    config.postbackRetryBaseMs,
    createPostbackHttp({ allowPrivate: config.postbackAllowPrivate, network: seams.postbackNetwork }),
    log,
  );
  const reports = new ReportService(repos.reports, access, {
    costs: repos.adCosts,
    campaigns: repos.campaigns,
  });
  const ingest = new IngestService(infra.ports, writer, metrics, undefined, (websiteId, from, to, since) =>
    repos.consentLinks.link(websiteId, from, to, since),
  );
  // The first-run check opens a customer's page with the postbacks' guards (public addresses only).
  const siteHttp = createPostbackHttp({
    allowPrivate: config.postbackAllowPrivate,
    network: seams.postbackNetwork,
    maxResponseBytes: 512 * 1024,
    userAgent: 'OCX-InstallationCheck/1.0',
  });
  // On SQLite the event writer thread credits conversions: one connection writes them and the events,
  // so neither waits for the other's lock, and the HTTP thread is free for requests.
  const thread = infra.writerThread;
  const crediting: CreditingRunner = thread
    ? { creditNew: () => thread.runJob('creditNew'), recomputeStep: () => thread.runJob('recomputeStep') }
    : new CreditingJob(repos.attribution, repos.postbacks);
  const addresses = new AddressTruncationService(infra.database.db, Date.now, infra.clickhouse);
  const retention = new RetentionService(repos.retention);
  const mirror = infra.clickhouse
    ? new ClickHouseMirror(infra.database.db, infra.database.dialect, infra.clickhouse)
    : null;
  const background = new BackgroundJobs(
    [
      ...creditingTasks(crediting),
      rollupRebuildTask(
        infra.clickhouse
          ? new ClickHouseRollupRebuildRepository(infra.database.db, infra.database.dialect, infra.clickhouse)
          : new RollupRebuildRepository(infra.database.db, infra.database.dialect),
      ),
      // Sweeps over every website: one server at a time does them, the others skip the pass.
      ...alone(infra.database, [
        { name: 'rotate visitor salts', run: () => infra.visitorSalts.rotate() },
        { name: 'truncate old addresses', run: () => addresses.run() },
        { name: 'delete rows past retention', run: () => retention.run() },
        ...(infra.events instanceof ClickHouseEventStore ? [pendingCommitSweepTask(infra.events)] : []),
      ]),
      // The logs read ClickHouse's copies of the clicks and conversions: one server copies at a time.
      ...(mirror
        ? alone(infra.database, [
            { name: 'copy clicks, conversions and credits to ClickHouse', run: () => mirror.drainFor(1000) },
          ])
        : []),
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
  // A changed domain makes an earlier refusal stale: first run waits afresh.
  bus.on('website.changed', ({ websiteId }) => ingest.refusals.forget(websiteId));
  const touchpointMetrics = new TouchpointMetricsService(repos.touchpoints, repos.campaigns);
  const trafficSources = new TrafficSourceService(
    repos.trafficSources,
    access,
    touchpointMetrics,
    repos.networks,
  );
  const dashboard = new DashboardService(
    repos.dashboard,
    infra.reports.filteredDashboard,
    access,
    seams.reportClock,
  );
  const breakdowns = new BreakdownService(infra.reports.breakdowns, access, seams.reportClock);
  const operators = new InstanceOperators(config.adminEmails, repos.authDebug);
  const health = new HealthService(
    infra.database,
    metrics,
    () => events.pending(),
    () => attribution.crediting(),
    infra.clickhouse && mirror ? clickhouseHealth(infra.clickhouse, mirror) : null,
  );

  return {
    websites,
    goals: new GoalService(repos.goals, access, bus),
    organizations,
    invitations: new InvitationService(repos.invitations, {
      access,
      organizations: repos.organizations,
      mailer: auth.mailer,
      publicUrl: config.publicUrl,
      limits: infra.limits,
    }),
    billing,
    campaigns: new CampaignService(repos.campaigns, access, events, reports, bus),
    ingest,
    eventTest: new EventTestService(access, ingest, events),
    installation: new InstallationService(
      access,
      events,
      ingest.refusals,
      siteHttp,
      {
        publicUrl: config.publicUrl,
        scriptPath: config.trackerScriptPath,
        collectPath: config.collectPath,
      },
      infra.limits,
    ),
    directory,
    writer,
    events,
    reportReader: infra.reportReader,
    attribution,
    postbacks,
    apiKeys: new ApiKeyService(repos.apiKeys, access),
    conversions: new ConversionService(repos.conversions, repos.campaigns, bus),
    logs: new LogService(repos.logs, repos.reports, access),
    reports,
    background,
    dashboard,
    breakdowns,
    shareLinks: new ShareLinkService(
      repos.shareLinks,
      access,
      { dashboard, breakdowns },
      {
        publicUrl: config.publicUrl,
        secret: config.authSecret,
        limits: infra.limits,
      },
    ),
    funnels: new FunnelService(repos.funnels, repos.funnelEvents, access, bus, seams.reportClock),
    networks: new NetworkService(repos.networks, access, touchpointMetrics, trafficSources),
    sources: trafficSources,
    landingPages: new LandingPageService(
      repos.landingPages,
      access,
      touchpointMetrics,
      repos.touchpoints,
      repos.campaigns,
    ),
    templates: new CampaignTemplateService(repos.campaignTemplates, access),
    health,
    databaseDebug: new DatabaseDebugService(repos.databaseDebug, access, health, operators, () =>
      appliedMigrations(infra.database),
    ),
    operators,
    authDebug: new AuthDebugService(
      repos.authDebug,
      accountAuthSources(repos.authDebug, auth.mailer, config),
      auth.checkCredentials,
      signInTestLimits(infra.limits, config.authRateLimit),
    ),
    accounts: new AccountService(repos.accounts, websites, billing),
    apiTokens: new ApiTokenService(repos.apiTokens),
    visitorRights: new VisitorRightsService(repos.visitorData, access),
    mailer: auth.mailer,
    limits: infra.limits,
    redis: infra.redis,
    closeRedis: infra.closeRedis,
    costs: new CostService(repos.adCosts, repos.campaigns, access),
  };
}

/** Tasks that run on one app server at a time (PostgreSQL); a server that finds one taken skips it. */
function alone(database: Database, tasks: BackgroundTask[]): BackgroundTask[] {
  return tasks.map((task) => ({
    name: task.name,
    run: async () =>
      (await oneServerAtATime(database.db, database.dialect, `task:${task.name}`, () => task.run())) ?? 0,
  }));
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
