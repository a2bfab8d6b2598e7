import { describe, expect, it } from 'vitest';
import { toConversion } from './conversion.mapper';
import { CREDIT_STATE } from './credit-state';

const row = {
  id: 'cv1',
  website_id: 'w1',
  campaign_id: 'c1',
  campaign_name: 'Spring',
  goal_id: 'g1',
  goal_name: 'Purchase',
  click_id: 'k1',
  value_minor: 1250,
  currency: 'USD',
  // PostgreSQL answers a bigint as text.
  ts: '1780000000000' as unknown as number,
  visitor_id: 'v1',
  conversion_type: 'revenue',
  dedupe_key: 'e1:g1',
  source: 'tracker',
  event_id: 'e1',
};

describe('toConversion', () => {
  it('gives the amount in major units, the time as ISO text and the crediting state by name', () => {
    expect(toConversion({ ...row, followed_up: CREDIT_STATE.credited })).toEqual({
      id: 'cv1',
      website_id: 'w1',
      campaign_id: 'c1',
      campaign_name: 'Spring',
      goal_id: 'g1',
      goal_name: 'Purchase',
      click_id: 'k1',
      value: 12.5,
      currency: 'USD',
      created_at: '2026-05-28T20:26:40.000Z',
      visitor_id: 'v1',
      conversion_type: 'revenue',
      source: 'tracker',
      credit_status: 'credited',
      credit_issue: null,
    });
  });

  it('reads whole yen, no value, unknown kinds and a row not yet followed up', () => {
    const yen = toConversion({
      ...row,
      value_minor: 500,
      currency: 'JPY',
      conversion_type: 'odd',
      source: 'x',
    });
    expect(yen).toMatchObject({
      value: 500,
      conversion_type: 'standard',
      source: 'tracker',
      credit_status: 'pending',
    });
    expect(
      toConversion({ ...row, value_minor: null, followed_up: CREDIT_STATE.failed, credit_error: 'No click' }),
    ).toMatchObject({ value: null, credit_status: 'failed', credit_issue: 'No click' });
  });
});
