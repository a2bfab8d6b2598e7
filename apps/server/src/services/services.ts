import type { EventStore, IngestPorts } from '@ocx/core';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../db/database';
import { createCountryLookup } from '../ingest/geo-lookup';
import { GroupCommitWriter } from '../ingest/group-commit-writer';
import { IngestMetrics } from '../ingest/ingest-metrics';
import { TtlCache } from '../ingest/ttl-cache';
import { isBot, parseUserAgent } from '../ingest/user-agent';
import { WebsiteDirectory } from '../ingest/website-directory';
import { CampaignRepository } from '../storage/sql/campaign.repository';
import { SqlEventStore } from '../storage/sql/event-store.sql';
import { SqliteEventStore } from '../storage/sql/event-store.sqlite';
import { GoalRepository } from '../storage/sql/goal.repository';
import { OrganizationRepository } from '../storage/sql/organization.repository';
import { WebsiteRepository } from '../storage/sql/website.repository';
import { CampaignService } from './campaign.service';
import { EventTestService } from './event-test.service';
import { GoalService } from './goal.service';
import { IngestService } from './ingest.service';
import { OrganizationService } from './organization.service';
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
}

export function createServices(database: Database, config: AppConfig): Services {
  const websiteRepository = new WebsiteRepository(database.db);
  const goalRepository = new GoalRepository(database.db);
  const campaignRepository = new CampaignRepository(database.db);
  const events = database.sqliteFile
    ? new SqliteEventStore(database.db, database.sqliteFile)
    : new SqlEventStore(database.db, database.dialect);
  const directory = new WebsiteDirectory(websiteRepository, goalRepository);
  const ocxids = new TtlCache<string | null>((id) => (id ? 60_000 : 10_000));
  const country = createCountryLookup();

  const websites = new WebsiteService(
    websiteRepository,
    goalRepository,
    { publicUrl: config.publicUrl, scriptPath: config.trackerScriptPath, collectPath: config.collectPath },
    events,
    (id) => directory.invalidate(id),
  );
  const ports: IngestPorts = {
    website: async (id) => (await directory.get(id))?.ingest ?? null,
    campaignIdByOcxid: (websiteId, ocxid) =>
      ocxids.get(`${websiteId}:${ocxid}`, () => campaignRepository.findIdByOcxid(websiteId, ocxid)),
    country,
    isBot,
    parseUserAgent,
  };
  const metrics = new IngestMetrics();
  const writer = new GroupCommitWriter(events, (committed) => metrics.committed(committed));
  const ingest = new IngestService(ports, writer, metrics);
  return {
    websites,
    goals: new GoalService(goalRepository, websites, (id) => directory.invalidate(id)),
    organizations: new OrganizationService(new OrganizationRepository(database.db)),
    campaigns: new CampaignService(campaignRepository, websites, events, (websiteId, ocxid) =>
      ocxids.invalidate(`${websiteId}:${ocxid}`),
    ),
    ingest,
    eventTest: new EventTestService(websites, ingest, events),
    directory,
    writer,
    events,
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
