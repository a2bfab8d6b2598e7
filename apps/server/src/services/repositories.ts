import type { ClickHouseClient } from '@clickhouse/client';
import type { Database } from '../db/database';
import { AccountRepository } from '../storage/accounts/account.repository';
import { ApiTokenRepository } from '../storage/accounts/api-token.repository';
import { InvitationRepository } from '../storage/accounts/invitation.repository';
import { OrganizationRepository } from '../storage/accounts/organization.repository';
import { AttributionRepository } from '../storage/attribution/attribution.repository';
import { ConversionRepository } from '../storage/attribution/conversion.repository';
import { ClickHouseReportRepository } from '../storage/attribution/report.clickhouse';
import { ReportRepository } from '../storage/attribution/report.sql';
import { BillingEventRepository } from '../storage/billing/billing-event.repository';
import { ClickHouseBreakdownRepository } from '../storage/breakdowns/breakdown.clickhouse';
import { BreakdownRepository } from '../storage/breakdowns/breakdown.sql';
import { CampaignRepository } from '../storage/campaigns/campaign.repository';
import { CampaignTemplateRepository } from '../storage/campaigns/campaign-template.repository';
import { LandingPageRepository } from '../storage/campaigns/landing-page.repository';
import { NetworkRepository } from '../storage/campaigns/network.repository';
import { ClickHouseTouchpointRepository } from '../storage/campaigns/touchpoint.clickhouse';
import { TouchpointRepository } from '../storage/campaigns/touchpoint.sql';
import { TrafficSourceRepository } from '../storage/campaigns/traffic-source.repository';
import { AdCostRepository } from '../storage/costs/ad-cost.repository';
import { ClickHouseDashboardRepository } from '../storage/dashboard/dashboard.clickhouse';
import { DashboardRepository } from '../storage/dashboard/dashboard.sql';
import { ClickHouseFilteredDashboardRepository } from '../storage/dashboard/dashboard-filtered.clickhouse';
import { FilteredDashboardRepository } from '../storage/dashboard/dashboard-filtered.sql';
import { ShareLinkRepository } from '../storage/dashboard/share-link.repository';
import { AuthDebugRepository } from '../storage/debug/auth-debug.repository';
import { ClickHouseDatabaseDebugRepository } from '../storage/debug/database-debug.clickhouse';
import { DatabaseDebugRepository } from '../storage/debug/database-debug.sql';
import { FunnelRepository } from '../storage/funnels/funnel.repository';
import { ClickHouseFunnelEventRepository } from '../storage/funnels/funnel-event.clickhouse';
import { FunnelEventRepository } from '../storage/funnels/funnel-event.sql';
import { ClickHouseLogRepository } from '../storage/logs/log.clickhouse';
import { LogRepository } from '../storage/logs/log.sql';
import { PostbackRepository } from '../storage/postbacks/postback.repository';
import { ConsentLinkRepository } from '../storage/privacy/consent-link.sql';
import {
  ClickHouseConsentLinkRepository,
  ClickHouseRetentionRepository,
  ClickHouseVisitorDataRepository,
} from '../storage/privacy/privacy.clickhouse';
import { RetentionRepository } from '../storage/privacy/retention.sql';
import { VisitorDataRepository } from '../storage/privacy/visitor-data.sql';
import { VisitorSaltRepository } from '../storage/privacy/visitor-salt.repository';
import { ApiKeyRepository } from '../storage/websites/api-key.repository';
import { GoalRepository } from '../storage/websites/goal.repository';
import { WebsiteRepository } from '../storage/websites/website.repository';

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
