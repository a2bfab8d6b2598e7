import { AttributionModel } from '@ocx/contracts';
import { type CardMetrics, sumMetrics, type TouchpointKeys } from '@ocx/core';
import type { CampaignRepository } from '../../storage/campaigns/campaign.repository';
import type { TouchpointRepository } from '../../storage/campaigns/touchpoint.repository';
import type { WebsiteRow } from '../../storage/websites/website.repository';

export interface MetricsSnapshot {
  campaigns: { id: string; network: string; source: string }[];
  metrics(matches: (g: TouchpointKeys) => boolean): CardMetrics;
}

/**
 * The figures behind network, source and landing-page cards: tracked clicks (session entrances),
 * the visitors they brought and how many of them converted (the conversion rate), and conversions
 * credited under the website's selected attribution model.
 */
export class TouchpointMetricsService {
  constructor(
    private readonly touchpoints: TouchpointRepository,
    private readonly campaigns: CampaignRepository,
  ) {}

  async snapshot(website: WebsiteRow): Promise<MetricsSnapshot> {
    const model = selectedModel(website);
    const [clicks, credits, visitors, campaigns] = await Promise.all([
      this.touchpoints.clickGroups(website.id),
      this.touchpoints.creditGroups(website.id, model),
      this.touchpoints.visitorGroups(website.id),
      this.campaigns.listByWebsite(website.id),
    ]);
    return {
      campaigns: campaigns.map((c) => ({ id: c.id, network: c.network, source: c.source })),
      metrics: (matches) => sumMetrics(clicks, credits, visitors, matches),
    };
  }
}

export const selectedModel = (website: WebsiteRow): AttributionModel =>
  AttributionModel.catch('first_touch').parse(website.attribution_model);
