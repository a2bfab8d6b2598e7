import type { ReportService } from '../attribution/report.service';
import type { Wiring } from '../wiring';
import { CampaignService } from './campaign.service';
import { CampaignTemplateService } from './campaign-template.service';
import { LandingPageService } from './landing-page.service';
import { NetworkService } from './network.service';
import { TouchpointMetricsService } from './touchpoint-metrics.service';
import { TrafficSourceService } from './traffic-source.service';

/** Campaigns and the workspace around them: templates, networks, sources, landing pages. */
export function wireCampaigns({ repositories, backend, access, bus }: Wiring, reports: ReportService) {
  const metrics = new TouchpointMetricsService(repositories.touchpoints, repositories.campaigns);
  const sources = new TrafficSourceService(
    repositories.trafficSources,
    access,
    metrics,
    repositories.networks,
    repositories.campaigns,
  );
  return {
    campaigns: new CampaignService(
      repositories.campaigns,
      access,
      backend.events,
      reports,
      bus,
      repositories.touchpoints,
    ),
    templates: new CampaignTemplateService(repositories.campaignTemplates, access),
    networks: new NetworkService(repositories.networks, access, metrics, sources),
    sources,
    landingPages: new LandingPageService(
      repositories.landingPages,
      access,
      metrics,
      repositories.touchpoints,
      repositories.campaigns,
    ),
  };
}
