import type { EventStore, IngestCampaign, IngestPorts } from '@ocx/core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../db/database';
import { createCountryLookup } from '../ingest/geo-lookup';
import { GroupCommitWriter } from '../ingest/group-commit-writer';
import { IngestMetrics } from '../ingest/ingest-metrics';
import { TtlCache } from '../ingest/ttl-cache';
import { isBot, parseUserAgent } from '../ingest/user-agent';
import { WebsiteDirectory } from '../ingest/website-directory';
import { ApiKeyRepository } from '../storage/sql/api-key.repository';
import { AttributionRepository } from '../storage/sql/attribution.repository';
import { CampaignRepository } from '../storage/sql/campaign.repository';
import { CampaignTemplateRepository } from '../storage/sql/campaign-template.repository';
import { ConversionRepository } from '../storage/sql/conversion.repository';
import { DashboardRepository } from '../storage/sql/dashboard.repository';
import { SqlEventStore } from '../storage/sql/event-store.sql';
import { SqliteThreadEventStore } from '../storage/sql/event-store.sqlite-thread';
import { FunnelRepository } from '../storage/sql/funnel.repository';
import { FunnelEventRepository } from '../storage/sql/funnel-event.repository';
import { GoalRepository } from '../storage/sql/goal.repository';
import { LandingPageRepository } from '../storage/sql/landing-page.repository';
import { LogRepository } from '../storage/sql/log.repository';
import { NetworkRepository } from '../storage/sql/network.repository';
import { OrganizationRepository } from '../storage/sql/organization.repository';
import { PostbackRepository } from '../storage/sql/postback.repository';
import { ReportRepository } from '../storage/sql/report.repository';
import { TouchpointRepository } from '../storage/sql/touchpoint.repository';
import { TrafficSourceRepository } from '../storage/sql/traffic-source.repository';
import { WebsiteRepository } from '../storage/sql/website.repository';
import { ApiKeyService } from './api-key.service';
import { AttributionService } from './attribution.service';
import { AttributionFollowUp, type FollowUpRunner, followUpTasks } from './attribution-follow-up.service';
import { BackgroundJobs } from './background-jobs';
import { CampaignService } from './campaign.service';
import { CampaignTemplateService } from './campaign-template.service';
import { ConversionService } from './conversion.service';
import { DashboardService } from './dashboard.service';
import { EventTestService } from './event-test.service';
import { FunnelService } from './funnel.service';
import { GoalService } from './goal.service';
import { HealthService } from './health.service';
import { IngestService } from './ingest.service';
import { LandingPageService } from './landing-page.service';
import { LogService } from './log.service';
import { NetworkService } from './network.service';
import { OrganizationService } from './organization.service';
import { PostbackService } from './postback.service';
import { blockedPostbackUrl, createPostbackHttp, type PostbackNetwork } from './postback-http';
import { ReportService } from './report.service';
import { TouchpointMetricsService } from './touchpoint-metrics.service';
import { TrafficSourceService } from './traffic-source.service';
import { type CurrentUser, WebsiteService } from './website.service';

export interface Services {
  websites: WebsiteService;
  goals: GoalService;
  organizations: OrganizationService;
  campaigns: CampaignService;
  ingest: IngestService;
  eventTest: EventTestService;
  directory: WebsiteDirectory;
  writer: GroupCommitWriter;
  events: EventStore;
  attribution: AttributionService;
  postbacks: PostbackService;
  apiKeys: ApiKeyService;
  conversions: ConversionService;
  logs: LogService;
  reports: ReportService;
  background: BackgroundJobs;
  dashboard: DashboardService;
  funnels: FunnelService;
  networks: NetworkService;
  sources: TrafficSourceService;
  landingPages: LandingPageService;
  templates: CampaignTemplateService;
  health: HealthService;
}

/**
 * Collect commits of this many events or more (a busy moment: the writer thread gathers ~35 per
 * commit in bench:ingest) are acknowledged once stored and derived in batches; smaller ones derive
 * in their own transaction, so light traffic finds its sessions and clicks right after the answer.
 */
const DEFER_DERIVATION_AT = 32;

/** What tests swap: the network postbacks see (their receivers listen on 127.0.0.1). */
export interface ServiceSeams {
  postbackNetwork?: Partial<PostbackNetwork>;
}

/** Wires repositories into services; the HTTP layer sees only the services. */
export function createServices(
  database: Database,
  config: AppConfig,
  log: FastifyBaseLogger,
  seams: ServiceSeams = {},
): Services {
  const { db, dialect } = database;
  const websiteRepository = new WebsiteRepository(db);
  const goalRepository = new GoalRepository(db);
  const campaignRepository = new CampaignRepository(db);
  const postbackRepository = new PostbackRepository(db, dialect);
  const reportRepository = new ReportRepository(db);
  const sqliteEvents =
    config.database.dialect === 'sqlite'
      ? new SqliteThreadEventStore(db, config.database.file, {
          deferAt: DEFER_DERIVATION_AT,
          onDerived: (derived) => {
            if (derived.conversions > 0) background.nudge();
          },
          onDeriveError: (message) =>
            log.error({ error: message }, 'deriving stored events failed; retrying'),
          onWriterExit: (err, restartInMs) =>
            log.error({ err, restartInMs }, 'the event writer thread ended; starting a new one'),
        })
      : null;
  const events: EventStore = sqliteEvents ?? new SqlEventStore(db, dialect);
  // Funnel step selectors join the tracker's click selectors (`cs`).
  const directory = new WebsiteDirectory(websiteRepository, goalRepository, (id) => funnels.selectors(id));
  const ocxids = new TtlCache<IngestCampaign | null>((campaign) => (campaign ? 60_000 : 10_000));

  const websites: WebsiteService = new WebsiteService(
    websiteRepository,
    goalRepository,
    { publicUrl: config.publicUrl, scriptPath: config.trackerScriptPath, collectPath: config.collectPath },
    events,
    (id) => directory.invalidate(id),
    (id, before, after): Promise<void> => attribution.settingsChanged(id, before, after),
    (url) => (config.postbackAllowPrivate ? null : blockedPostbackUrl(url)),
  );
  const attributionRepository = new AttributionRepository(db, dialect);
  const attribution: AttributionService = new AttributionService(attributionRepository, websites);
  const postbacks = new PostbackService(
    postbackRepository,
    websites,
    config.postbackRetryBaseMs,
    createPostbackHttp({ allowPrivate: config.postbackAllowPrivate, network: seams.postbackNetwork }),
    log,
  );
  const reports = new ReportService(reportRepository, websites);
  const funnels: FunnelService = new FunnelService(
    new FunnelRepository(db),
    new FunnelEventRepository(db),
    websites,
    (id) => directory.invalidate(id),
  );

  const ports: IngestPorts = {
    website: async (id) => (await directory.get(id))?.ingest ?? null,
    campaignByOcxid: (websiteId, ocxid) =>
      ocxids.get(`${websiteId}:${ocxid}`, () => campaignRepository.findTagsByOcxid(websiteId, ocxid)),
    country: createCountryLookup(),
    isBot,
    parseUserAgent,
  };
  const metrics = new IngestMetrics();
  const writer = new GroupCommitWriter(events, (committed) => {
    metrics.committed(committed);
    if (committed.conversions > 0) background.nudge();
  });
  const ingest = new IngestService(ports, writer, metrics);
  // On SQLite the event writer thread credits conversions: one connection writes them and the events,
  // so neither waits for the other's lock, and the HTTP thread is free for requests.
  const followUp: FollowUpRunner =
    sqliteEvents ?? new AttributionFollowUp(attributionRepository, postbackRepository);
  const background: BackgroundJobs = new BackgroundJobs(
    [
      ...followUpTasks(followUp),
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

  const touchpoints = new TouchpointRepository(db);
  const touchpointMetrics = new TouchpointMetricsService(touchpoints, campaignRepository);

  return {
    websites,
    goals: new GoalService(goalRepository, websites, (id) => directory.invalidate(id)),
    organizations: new OrganizationService(new OrganizationRepository(db)),
    campaigns: new CampaignService(campaignRepository, websites, events, reports, (websiteId, ocxid) =>
      ocxids.invalidate(`${websiteId}:${ocxid}`),
    ),
    ingest,
    eventTest: new EventTestService(websites, ingest, events),
    directory,
    writer,
    events,
    attribution,
    postbacks,
    apiKeys: new ApiKeyService(new ApiKeyRepository(db), websites),
    conversions: new ConversionService(new ConversionRepository(db), campaignRepository, () =>
      background.nudge(),
    ),
    logs: new LogService(new LogRepository(db), reportRepository, websites),
    reports,
    background,
    dashboard: new DashboardService(new DashboardRepository(db), websites),
    funnels,
    networks: new NetworkService(new NetworkRepository(db), websites, touchpointMetrics),
    sources: new TrafficSourceService(new TrafficSourceRepository(db), websites, touchpointMetrics),
    landingPages: new LandingPageService(
      new LandingPageRepository(db),
      websites,
      touchpointMetrics,
      touchpoints,
      campaignRepository,
    ),
    templates: new CampaignTemplateService(new CampaignTemplateRepository(db), websites),
    health: new HealthService(
      database,
      metrics,
      () => events.pending(),
      () => attribution.crediting(),
    ),
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
