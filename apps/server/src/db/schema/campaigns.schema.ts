import type { Timestamp } from './column-types';

export interface CampaignTable {
  id: string;
  website_id: string;
  name: string;
  network: string;
  source: string;
  landing_page: string;
  /** JSON text */
  utm_params: string;
  /** JSON text */
  tracking_params: string;
  ocxid: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NetworkTable {
  id: string;
  website_id: string;
  slug: string;
  name: string;
  /** JSON text: tracking parameter names */
  tracking_params: string;
  /** JSON text: source names */
  sources: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TrafficSourceTable {
  id: string;
  website_id: string;
  slug: string;
  name: string;
  description: string;
  is_default: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TrafficSourceSeedTable {
  website_id: string;
}

export interface LandingPageTable {
  id: string;
  website_id: string;
  name: string;
  path: string;
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignTemplateTable {
  id: string;
  /** null for the default templates every user sees */
  website_id: string | null;
  name: string;
  description: string;
  network: string;
  source: string;
  category: string;
  is_default: number;
  /** JSON text */
  utm_parameters: string;
  /** JSON text */
  custom_parameters: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignTables {
  campaign: CampaignTable;
  network: NetworkTable;
  traffic_source: TrafficSourceTable;
  traffic_source_seed: TrafficSourceSeedTable;
  landing_page: LandingPageTable;
  campaign_template: CampaignTemplateTable;
}
