import { type AttributionModel, attributionModels } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { buildSpendReport } from './spend-report';

const per = (first: number, last: number) =>
  Object.fromEntries(attributionModels.map((m) => [m, m === 'last_touch' ? last : first])) as Record<
    AttributionModel,
    number
  >;

const campaigns = [
  { id: 'a', name: 'Search A', network: 'Google Ads', source: 'Search' },
  { id: 'b', name: 'Search B', network: 'Google Ads', source: 'Search' },
  { id: 'c', name: 'Feed', network: 'Facebook', source: 'Feed' },
  { id: 'd', name: 'Unfunded', network: 'Facebook', source: 'Feed' },
];

describe('buildSpendReport', () => {
  const report = buildSpendReport(
    campaigns,
    [
      { campaignId: 'a', currency: 'USD', minor: 6000 },
      { campaignId: 'b', currency: 'USD', minor: 4000 },
      { campaignId: 'c', currency: 'EUR', minor: 2500 },
    ],
    [
      // a: 2 conversions worth $150 first touch, 1 worth $50 last touch; c: $90 in USD.
      { campaignId: 'a', currency: 'USD', conversions: per(2, 1), valueMinor: per(15_000, 5_000) },
      { campaignId: 'c', currency: 'USD', conversions: per(1, 1), valueMinor: per(9_000, 9_000) },
      { campaignId: 'd', currency: 'USD', conversions: per(1, 1), valueMinor: per(1_000, 1_000) },
    ],
  );

  it('gives each campaign with spend its cost, and CPA and ROAS under every model', () => {
    const a = report.campaigns.find((r) => r.campaignId === 'a');
    expect(a?.models.first_touch).toEqual({
      conversions: 2,
      value: { USD: 150 },
      cost: { USD: 60 },
      cpa: { USD: 30 },
      roas: 2.5,
    });
    expect(a?.models.last_touch).toEqual({
      conversions: 1,
      value: { USD: 50 },
      cost: { USD: 60 },
      cpa: { USD: 60 },
      roas: 0.83,
    });
  });

  it('leaves out campaigns without spend, and gives no ROAS where cost and value currencies differ', () => {
    expect(report.campaigns.map((r) => r.label)).toEqual(['Search A', 'Search B', 'Feed']);
    expect(report.campaigns[2]?.models.linear).toMatchObject({
      cost: { EUR: 25 },
      value: { USD: 90 },
      roas: null,
    });
  });

  it('adds campaigns up per network and per network + source', () => {
    expect(report.networks.map((r) => [r.label, r.cost, r.models.first_touch.roas])).toEqual([
      ['Google Ads', { USD: 100 }, 1.5],
      ['Facebook', { EUR: 25 }, null],
    ]);
    expect(report.sources.map((r) => r.label)).toEqual(['Google Ads / Search', 'Facebook / Feed']);
  });
});
