import { AttributionModel, type Goal, type Website } from '@ocx/contracts';
import { buildTrackingSnippet } from '@ocx/core';
import { toIso } from '../../db/sql-values';
import { privacyOf } from '../../storage/privacy/website-privacy';
import type { WebsiteRow } from '../../storage/websites/website.repository';
import { readStoredConfig } from '../../storage/websites/website-config';

/** Where the tracker is served from, for the snippet. */
export interface TrackerEndpoints {
  publicUrl: string;
  scriptPath: string;
  collectPath: string;
}

export function toWebsite(row: WebsiteRow, goals: Goal[], endpoints: TrackerEndpoints): Website {
  const { settings, scriptConfig } = readStoredConfig(row);
  const model = AttributionModel.safeParse(row.attribution_model);
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    rootDomain: row.root_domain,
    attribution: {
      model: model.success ? model.data : 'first_touch',
      window: row.attribution_window,
      settings,
    },
    scriptConfig: {
      ...scriptConfig,
      defaultCampaignId: row.default_campaign_id,
      cookieDomain: row.cookie_domain,
      trackingScript: buildTrackingSnippet({
        websiteId: row.id,
        rootDomain: row.root_domain,
        firstPartyTracking: scriptConfig.firstPartyTracking,
        ...endpoints,
      }),
    },
    goals,
    postbackUrl: row.postback_url,
    timezone: row.timezone,
    privacy: privacyOf(row),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
