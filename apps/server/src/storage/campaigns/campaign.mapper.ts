import type { UtmParams } from '@ocx/contracts';
import type { Selectable } from 'kysely';
import type { CampaignTable } from '../../db/schema';
import { parseJson, toIso } from '../../db/sql-values';

/** A stored campaign read back: its JSON columns parsed, its dates ISO text. */
export interface StoredCampaign {
  id: string;
  websiteId: string;
  name: string;
  network: string;
  source: string;
  landingPage: string;
  utmParams: UtmParams;
  /** Always names the ocxid: unreadable text reads as just that entry. */
  trackingParams: Record<string, string>;
  ocxid: string;
  createdAt: string;
  updatedAt: string;
}

export function toStoredCampaign(row: Selectable<CampaignTable>): StoredCampaign {
  return {
    id: row.id,
    websiteId: row.website_id,
    name: row.name,
    network: row.network,
    source: row.source,
    landingPage: row.landing_page,
    utmParams: parseJson<UtmParams>(row.utm_params, {}),
    trackingParams: parseJson<Record<string, string>>(row.tracking_params, { ocxid: row.ocxid }),
    ocxid: row.ocxid,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
