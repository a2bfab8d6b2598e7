import type { Conversion } from '@ocx/contracts';
import type { ConversionTable } from '../db/schema';

type Row = Omit<ConversionTable, 'followed_up'> & { campaign_name?: string | null };

/** A stored conversion as the Application API returns it (spec §3 Conversion). */
export function toConversion(r: Row): Conversion {
  return {
    id: r.id,
    website_id: r.website_id,
    campaign_id: r.campaign_id,
    campaign_name: r.campaign_name ?? null,
    goal_id: r.goal_id,
    goal_name: r.goal_name,
    click_id: r.click_id,
    value: r.value,
    currency: r.currency,
    created_at: new Date(Number(r.ts)).toISOString(),
    visitor_id: r.visitor_id,
    conversion_type:
      r.conversion_type === 'revenue' || r.conversion_type === 'lead' ? r.conversion_type : 'standard',
    source: r.source === 'api' ? 'api' : 'tracker',
  };
}
