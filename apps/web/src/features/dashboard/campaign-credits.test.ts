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
    const report: AttributionReport = {
      models,
      consent: { visits: 0, withoutConsent: 0, percent: 0 },
      spend: { campaigns: [], networks: [], sources: [] },
    };
    expect(campaignCredits(report, 'linear')).toEqual({
      rows: [
        {
          key: 'campaign:none',
          label: 'No campaign (any channel)',
          conversions: 1.5,
          values: { USD: 20, GBP: 10 },
          spend: null,
        },
        { key: 'campaign:c1', label: 'Spring', conversions: 0.5, values: { EUR: 10 }, spend: null },
      ],
      currencies: ['USD', 'EUR', 'GBP'],
    });
    expect(campaignCredits(report, 'first_touch').rows.map((r) => r.label)).toEqual(['Spring']);
  });

  it('adds each campaign’s cost, CPA and ROAS under the model, and lists campaigns that spent without converting', () => {
    const models = Object.fromEntries(
      attributionModels.map((m) => [m, []]),
    ) as unknown as AttributionReport['models'];
    models.linear = [
      {
        campaignId: 'c1',
        campaignName: 'Spring',
        channel: 'paid',
        conversions: 2,
        value: 40,
        valueByCurrency: { EUR: 40 },
      },
    ];
    const figures = (conversions: number, roas: number, cpa: Record<string, number>) => ({
      conversions,
      value: {},
      cost: { EUR: 20 },
      cpa,
      roas,
    });
    const row = (campaignId: string, label: string, linear: ReturnType<typeof figures>) => ({
      key: campaignId,
      label,
      campaignId,
      network: 'Google Ads',
      source: 'Search',
      cost: { EUR: 20 },
      models: Object.fromEntries(
        attributionModels.map((m) => [m, m === 'linear' ? linear : figures(0, 0, {})]),
      ) as unknown as AttributionReport['spend']['campaigns'][number]['models'],
    });
    const report: AttributionReport = {
      models,
      consent: { visits: 0, withoutConsent: 0, percent: 0 },
      spend: {
        campaigns: [row('c1', 'Spring', figures(2, 2, { EUR: 10 })), row('c9', 'Idle', figures(0, 0, {}))],
        networks: [],
        sources: [],
      },
    };
    expect(campaignCredits(report, 'linear').rows.map((r) => [r.label, r.conversions, r.spend])).toEqual([
      ['Spring', 2, { cost: { EUR: 20 }, cpa: { EUR: 10 }, roas: 2 }],
      ['Idle', 0, { cost: { EUR: 20 }, cpa: {}, roas: 0 }],
    ]);
  });
});
