import type { Conversion } from '@ocx/contracts';
import { fromMinorUnits } from '@ocx/core';
import type { Selectable } from 'kysely';
import type { ConversionTable } from '../../db/schema';
import { CREDIT_STATE } from './credit-state';

type Row = Omit<Selectable<ConversionTable>, 'followed_up' | 'credit_error' | 'path_changes'> & {
  campaign_name?: string | null;
  followed_up?: number;
  credit_error?: string | null;
};

/** CREDIT_STATE (storage/sql/attribution/credit-state.ts) as the API says it; a new row is pending. */
const creditStatus = (state: number | undefined): Conversion['credit_status'] =>
  state === CREDIT_STATE.credited ? 'credited' : state === CREDIT_STATE.failed ? 'failed' : 'pending';

/** A stored conversion as the Application API returns it: its amount in major units, its time ISO text. */
export function toConversion(r: Row): Conversion {
  return {
    id: r.id,
    website_id: r.website_id,
    campaign_id: r.campaign_id,
    campaign_name: r.campaign_name ?? null,
    goal_id: r.goal_id,
    goal_name: r.goal_name,
    click_id: r.click_id,
    value: r.value_minor === null ? null : fromMinorUnits(Number(r.value_minor), r.currency),
    currency: r.currency,
    created_at: new Date(Number(r.ts)).toISOString(),
    visitor_id: r.visitor_id,
    conversion_type:
      r.conversion_type === 'revenue' || r.conversion_type === 'lead' ? r.conversion_type : 'standard',
    source: r.source === 'api' ? 'api' : 'tracker',
    credit_status: creditStatus(r.followed_up === undefined ? undefined : Number(r.followed_up)),
    credit_issue: r.credit_error ?? null,
  };
}
