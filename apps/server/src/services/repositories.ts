import type { ClickHouseClient } from '@clickhouse/client';
import type { Database } from '../db/database';
import { ClickHouseBreakdownRepository } from '../storage/clickhouse/breakdown.repository.clickhouse';
import { ClickHouseDashboardRepository } from '../storage/clickhouse/dashboard.repository.clickhouse';
import { ClickHouseFilteredDashboardRepository } from '../storage/clickhouse/dashboard-filtered.repository.clickhouse';
import { ClickHouseDatabaseDebugRepository } from '../storage/clickhouse/database-debug.repository.clickhouse';
import { ClickHouseFunnelEventRepository } from '../storage/clickhouse/funnel-event.repository.clickhouse';
import { ClickHouseLogRepository } from '../storage/clickhouse/log.repository.clickhouse';
import {
  ClickHouseConsentLinkRepository,
  ClickHouseRetentionRepository,
  ClickHouseVisitorDataRepository,
} from '../storage/clickhouse/privacy.clickhouse';
import { ClickHouseReportRepository } from '../storage/clickhouse/report.repository.clickhouse';
import { ClickHouseTouchpointRepository } from '../storage/clickhouse/touchpoint.repository.clickhouse';
import { AccountRepository } from '../storage/sql/accounts/account.repository';
import { ApiTokenRepository } from '../storage/sql/accounts/api-token.repository';
import { ApiKeyRepository } from '../storage/sql/api-key.repository';
import { AttributionRepository } from '../storage/sql/attribution/attribution.repository';
import { ReportRepository } from '../storage/sql/attribution/report.repository';
import { BillingEventRepository } from '../storage/sql/billing-event.repository';
import { BreakdownRepository } from '../storage/sql/breakdown.repository';
import { CampaignRepository } from '../storage/sql/campaigns/campaign.repository';
import { CampaignTemplateRepository } from '../storage/sql/campaigns/campaign-template.repository';
import { LandingPageRepository } from '../storage/sql/campaigns/landing-page.repository';
import { NetworkRepository } from '../storage/sql/campaigns/network.repository';
import { TouchpointRepository } from '../storage/sql/campaigns/touchpoint.repository';
import { TrafficSourceRepository } from '../storage/sql/campaigns/traffic-source.repository';
import { ConversionRepository } from '../storage/sql/conversion.repository';
import { AdCostRepository } from '../storage/sql/costs/ad-cost.repository';
import { DashboardRepository } from '../storage/sql/dashboard.repository';
import { FilteredDashboardRepository } from '../storage/sql/dashboard-filtered.repository';
import { AuthDebugRepository } from '../storage/sql/debug/auth-debug.repository';
import { DatabaseDebugRepository } from '../storage/sql/debug/database-debug.repository';
import { FunnelRepository } from '../storage/sql/funnel.repository';
import { FunnelEventRepository } from '../storage/sql/funnel-event.repository';
import { GoalRepository } from '../storage/sql/goal.repository';
import { InvitationRepository } from '../storage/sql/invitation.repository';
import { LogRepository } from '../storage/sql/log.repository';
import { OrganizationRepository } from '../storage/sql/organization.repository';
import { PostbackRepository } from '../storage/sql/postback.repository';
import { ConsentLinkRepository } from '../storage/sql/privacy/consent-link.repository';
import { RetentionRepository } from '../storage/sql/privacy/retention.repository';
import { VisitorDataRepository } from '../storage/sql/privacy/visitor-data.repository';
import { VisitorSaltRepository } from '../storage/sql/privacy/visitor-salt.repository';
import { ShareLinkRepository } from '../storage/sql/share-link.repository';
import { WebsiteRepository } from '../storage/sql/website.repository';

/**
 * Every SQL repository over one database; services take the ones they need. With the events in
 * ClickHouse, the repositories that read or change raw events there take its client.
 */
export function createRepositories({ db, dialect }: Database, clickhouse: ClickHouseClient | null = null) {
  return {
    adCosts: new AdCostRepository(db),
    apiKeys: new ApiKeyRepository(db),
    attribution: new AttributionRepository(db, dialect),
    authDebug: new AuthDebugRepository(db),
    breakdowns: clickhouse
      ? new ClickHouseBreakdownRepository(db, dialect, clickhouse)
      : new BreakdownRepository(db, dialect),
    campaigns: new CampaignRepository(db),
    campaignTemplates: new CampaignTemplateRepository(db),
    consentLinks: clickhouse
      ? new ClickHouseConsentLinkRepository(db, dialect, clickhouse)
      : new ConsentLinkRepository(db, dialect),
    conversions: new ConversionRepository(db),
    dashboard: clickhouse ? new ClickHouseDashboardRepository(db, clickhouse) : new DashboardRepository(db),
    filteredDashboard: clickhouse
      ? new ClickHouseFilteredDashboardRepository(clickhouse)
      : new FilteredDashboardRepository(db),
    databaseDebug: clickhouse
      ? new ClickHouseDatabaseDebugRepository(db, clickhouse)
      : new DatabaseDebugRepository(db),
    funnels: new FunnelRepository(db),
    funnelEvents: clickhouse
      ? new ClickHouseFunnelEventRepository(clickhouse)
      : new FunnelEventRepository(db),
    goals: new GoalRepository(db),
    landingPages: new LandingPageRepository(db),
    logs: clickhouse ? new ClickHouseLogRepository(db, clickhouse) : new LogRepository(db),
    networks: new NetworkRepository(db),
    organizations: new OrganizationRepository(db),
    invitations: new InvitationRepository(db),
    billingEvents: new BillingEventRepository(db),
    accounts: new AccountRepository(db),
    apiTokens: new ApiTokenRepository(db),
    shareLinks: new ShareLinkRepository(db),
    postbacks: new PostbackRepository(db, dialect),
    reports: clickhouse ? new ClickHouseReportRepository(db, clickhouse) : new ReportRepository(db),
    retention: clickhouse ? new ClickHouseRetentionRepository(db, clickhouse) : new RetentionRepository(db),
    touchpoints: clickhouse
      ? new ClickHouseTouchpointRepository(db, clickhouse)
      : new TouchpointRepository(db),
    trafficSources: new TrafficSourceRepository(db),
    visitorData: clickhouse
      ? new ClickHouseVisitorDataRepository(db, dialect, clickhouse)
      : new VisitorDataRepository(db, dialect),
    visitorSalts: new VisitorSaltRepository(db),
    websites: new WebsiteRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
