import { type Attribution, AttributionModel, type Privacy, type ScriptConfig } from '@ocx/contracts';
import { toIso } from '../../db/sql-values';
import { privacyOf } from '../privacy/website-privacy';
import type { WebsiteRow } from './website.repository';
import { readStoredConfig } from './website-config';

/**
 * A stored website read back: its config column parsed with defaults, an unknown model read as
 * first touch, its dates ISO text. Everything the API shows but the snippet (and the goals).
 */
export interface StoredWebsite {
  id: string;
  name: string;
  brand: string;
  rootDomain: string;
  attribution: Attribution;
  scriptConfig: Omit<ScriptConfig, 'trackingScript'>;
  postbackUrl: string | null;
  timezone: string;
  privacy: Privacy;
  createdAt: string;
  updatedAt: string;
}

export function toStoredWebsite(row: WebsiteRow): StoredWebsite {
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
      // The columns win over the config copy: they are what the tracker and the cookies use.
      defaultCampaignId: row.default_campaign_id,
      cookieDomain: row.cookie_domain,
    },
    postbackUrl: row.postback_url,
    timezone: row.timezone,
    privacy: privacyOf(row),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
