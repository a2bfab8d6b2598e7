// At the top of storage/ because it spans every domain: what a storage backend provides (docs/architecture.md).
import type { EventStore } from '@ocx/core';
import type { Database } from '../db/database';
import { AccountRepository } from './accounts/account.repository';
import { ApiTokenRepository } from './accounts/api-token.repository';
import { InvitationRepository } from './accounts/invitation.repository';
import { OrganizationRepository } from './accounts/organization.repository';
import { AttributionRepository } from './attribution/attribution.repository';
import { ConversionRepository } from './attribution/conversion.repository';
import type { ReportRepository } from './attribution/report.repository';
import { BillingEventRepository } from './billing/billing-event.repository';
import type { BreakdownRepository } from './breakdowns/breakdown.repository';
import { CampaignRepository } from './campaigns/campaign.repository';
import { CampaignTemplateRepository } from './campaigns/campaign-template.repository';
import { LandingPageRepository } from './campaigns/landing-page.repository';
import { NetworkRepository } from './campaigns/network.repository';
import type { TouchpointRepository } from './campaigns/touchpoint.repository';
import { TrafficSourceRepository } from './campaigns/traffic-source.repository';
import { AdCostRepository } from './costs/ad-cost.repository';
import type { DashboardRepository } from './dashboard/dashboard.repository';
import type { RollupRebuildRepository } from './dashboard/rollup-rebuild.repository';
import { ShareLinkRepository } from './dashboard/share-link.repository';
import { AuthDebugRepository } from './debug/auth-debug.repository';
import type { DatabaseDebugRepository } from './debug/database-debug.repository';
import type { SqliteThreadEventStore } from './events/event-store.sqlite-thread';
import type { ReportReaders } from './events/report-reader-messages';
import { TestEventRepository } from './events/test-event.repository';
import { FunnelRepository } from './funnels/funnel.repository';
import type { FunnelEventRepository } from './funnels/funnel-event.repository';
import type { LogRepository } from './logs/log.repository';
import { PostbackRepository } from './postbacks/postback.repository';
import type { ConsentLinkRepository } from './privacy/consent-link.repository';
import { OldAddressRepository } from './privacy/old-addresses.repository';
import type { RetentionRepository } from './privacy/retention.repository';
import type { VisitorDataRepository } from './privacy/visitor-data.repository';
import { VisitorSaltRepository } from './privacy/visitor-salt.repository';
import { ApiKeyRepository } from './websites/api-key.repository';
import { GoalRepository } from './websites/goal.repository';
import { WebsiteRepository } from './websites/website.repository';

/**
 * The repositories whose rows read the raw events: each backend (backend.sql.ts,
 * backend.clickhouse.ts) builds its own variant behind the same type.
 */
export interface EventReaders {
  breakdowns: BreakdownRepository;
  consentLinks: ConsentLinkRepository;
  dashboard: DashboardRepository;
  filteredDashboard: ReportReaders['filteredDashboard'];
  databaseDebug: DatabaseDebugRepository;
  funnelEvents: FunnelEventRepository;
  logs: LogRepository;
  reports: ReportRepository;
  retention: RetentionRepository;
  touchpoints: TouchpointRepository;
  visitorData: VisitorDataRepository;
}

/** Every repository the services use. */
export type Repositories = ReturnType<typeof metadataRepositories> & EventReaders;

/** The repositories of what people edit and of the attribution rows: SQL under every backend. */
export function metadataRepositories({ db, dialect }: Pick<Database, 'db' | 'dialect'>) {
  return {
    adCosts: new AdCostRepository(db),
    apiKeys: new ApiKeyRepository(db),
    attribution: new AttributionRepository(db, dialect),
    authDebug: new AuthDebugRepository(db),
    campaigns: new CampaignRepository(db),
    campaignTemplates: new CampaignTemplateRepository(db),
    conversions: new ConversionRepository(db),
    funnels: new FunnelRepository(db),
    goals: new GoalRepository(db),
    landingPages: new LandingPageRepository(db),
    networks: new NetworkRepository(db),
    oldAddresses: new OldAddressRepository(db),
    organizations: new OrganizationRepository(db),
    invitations: new InvitationRepository(db),
    billingEvents: new BillingEventRepository(db),
    accounts: new AccountRepository(db),
    apiTokens: new ApiTokenRepository(db),
    shareLinks: new ShareLinkRepository(db),
    testEvents: new TestEventRepository(db),
    postbacks: new PostbackRepository(db, dialect),
    trafficSources: new TrafficSourceRepository(db),
    visitorSalts: new VisitorSaltRepository(db),
    websites: new WebsiteRepository(db),
  };
}

/**
 * On PostgreSQL each commit holds a pooled connection (10 per server) and the commits of one website
 * take turns with every app server's: 16 in flight left a busy website's commits holding the whole
 * pool while they waited for their turn, and crediting or a tracker config lookup then waited past
 * the pool's 5 s for a connection (503). Four in flight keep most of the pool free; what queues
 * meanwhile goes into the next, larger batch. (The ClickHouse store commits through the pool too.)
 */
export const POOLED_COMMITS = { maxBatch: 2000, maxInFlight: 4, flushAt: 24 };

/** A periodic piece of upkeep a backend needs (one app server at a time runs it). */
export interface UpkeepTask {
  name: string;
  /** One chunk of work; how much it did (0: nothing left for now). */
  run(): Promise<number>;
}

/** What the health check says about the events' store beyond the SQL database. */
export interface EventStoreHealth {
  reachable: boolean;
  /** Changed clicks, conversions and credits whose copies are not written yet (counted up to 100,000). */
  copyBacklog: number | null;
}

/** Where the address job cuts the addresses of the raw events, beside the SQL rows it cuts itself. */
export interface EventAddresses {
  /** Cuts the addresses of events before `before` that are not cut yet; how many it cut. */
  cutBefore(before: number): Promise<number>;
}

/** Hooks of the SQLite event writer thread: logging, and waking the crediting job. */
export interface BackendHooks {
  onConversionsStored(count: number): void;
  onDeriveError(message: string): void;
  onWriterExit(err: unknown, restartInMs: number): void;
}

/**
 * One storage backend, built whole by backend.sql.ts or backend.clickhouse.ts; backends.ts is the
 * only place that chooses between them. Services see this and never ask which one it is.
 */
export interface Backend {
  repositories: Repositories;
  events: EventStore;
  /** The SQLite writer thread, when the events live in a SQLite file: it also runs the crediting job. */
  writerThread: SqliteThreadEventStore | null;
  /** The reports that scan raw events: on a reader thread of a SQLite file, else the repositories. */
  reports: ReportReaders;
  /**
   * How collect's group commits are batched into this store (services/ingest/group-commit-writer.ts), or
   * undefined for the writer's defaults.
   */
  commits: { maxBatch: number; maxInFlight: number; flushAt: number } | undefined;
  /** Re-keys the day rollups of a website whose time zone changed. */
  rollupRebuild: RollupRebuildRepository;
  eventAddresses: EventAddresses;
  /** The backend's own periodic work (ClickHouse: copying changed rows, forgetting failed commits). */
  upkeep: UpkeepTask[];
  /** Null when the events live in the SQL database (its reachability is the database's). */
  health(): Promise<EventStoreHealth | null>;
  /** Ends the event store's threads and connections (the SQL database is closed by its owner). */
  close(): Promise<void>;
}

/** The SQL connection a backend builds on, with what it needs to know of the deployment. */
export interface BackendSetup {
  database: Database;
  /** The SQLite file, when the database is one (the writer and reader threads open it too). */
  sqliteFile: string | null;
  hooks: BackendHooks;
}
