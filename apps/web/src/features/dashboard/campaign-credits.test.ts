import type { AttributionModel, AttributionReport, AttributionRow } from '@ocx/contracts';
import { attributionModels } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { campaignCredits } from './campaign-credits';

describe('campaign credits', () => {
  it("lists campaigns by the chosen model's credit, leaving out those without any", () => {
    const spring = { campaignId: 'c1', campaignName: 'Spring', channel: 'paid' };
    const direct = { campaignId: null, campaignName: null, channel: 'direct' };
    const models = Object.fromEntries(attributionModels.map((m) => [m, [] as AttributionRow[]])) as Record<
      AttributionModel,
      AttributionRow[]
    >;
    models.first_touch = [{ ...spring, conversions: 2, value: 40, valueByCurrency: { EUR: 40 } }];
    models.linear = [
      { ...spring, conversions: 0.5, value: 10, valueByCurrency: { EUR: 10 } },
      { ...direct, conversions: 1.5, value: 30, valueByCurrency: { USD: 20, GBP: 10 } },
    ];
    const report: AttributionReport = { models, consent: { visits: 0, withoutConsent: 0, percent: 0 } };
    expect(campaignCredits(report, 'linear')).toEqual({
      rows: [
        {
          key: 'campaign:none',
          label: 'Direct / no campaign',
          conversions: 1.5,
          values: { USD: 20, GBP: 10 },
        },
        { key: 'campaign:c1', label: 'Spring', conversions: 0.5, values: { EUR: 10 } },
      ],
      currencies: ['USD', 'EUR', 'GBP'],
    });
    expect(campaignCredits(report, 'first_touch').rows.map((r) => r.label)).toEqual(['Spring']);
  });
});
