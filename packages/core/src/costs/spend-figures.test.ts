import { describe, expect, it } from 'vitest';
import { matchCostRows } from './cost-matching';
import { daysBetween, spreadEvenly } from './cost-spread';
import { spendFigures } from './spend-figures';

describe('spendFigures', () => {
  it('CPA = cost / conversions and ROAS = value / cost in one currency', () => {
    // $100.00 spent, 2.5 conversions credited worth $250.00
    expect(spendFigures({ USD: 10_000 }, 2.5, { USD: 25_000 })).toEqual({
      cost: { USD: 100 },
      cpa: { USD: 40 },
      roas: 2.5,
    });
  });

  it('no conversions: no CPA, ROAS 0; no cost: no ROAS', () => {
    expect(spendFigures({ USD: 1000 }, 0, {})).toEqual({ cost: { USD: 10 }, cpa: {}, roas: 0 });
    expect(spendFigures({}, 3, { USD: 500 })).toEqual({ cost: {}, cpa: {}, roas: null });
  });

  it('cost and value in different currencies: both shown, no ROAS (never converted)', () => {
    expect(spendFigures({ EUR: 4475 }, 2, { USD: 9980 })).toEqual({
      cost: { EUR: 44.75 },
      cpa: { EUR: 22.38 },
      roas: null,
    });
  });

  it('rounds CPA to the currency’s minor unit (JPY whole yen)', () => {
    expect(spendFigures({ JPY: 1000 }, 3, { JPY: 3000 })).toEqual({
      cost: { JPY: 1000 },
      cpa: { JPY: 333 },
      roas: 3,
    });
  });
});

describe('spreading a manual amount over days', () => {
  it('spreads 100.00 over three days as 33.34, 33.33, 33.33 (the days add up exactly)', () => {
    expect(spreadEvenly(10_000, daysBetween('2026-11-29', '2026-12-01') ?? [])).toEqual([
      { day: '2026-11-29', minor: 3334 },
      { day: '2026-11-30', minor: 3333 },
      { day: '2026-12-01', minor: 3333 },
    ]);
  });

  it('refuses a range that ends before it starts or is not dates', () => {
    expect(daysBetween('2026-11-02', '2026-11-01')).toBeNull();
    expect(daysBetween('2026-11-02', 'soon')).toBeNull();
  });
});

describe('matchCostRows', () => {
  const campaigns = [
    { id: 'c1', name: 'Black Friday Sale', utmCampaign: 'black_friday_sale' },
    { id: 'c2', name: 'Spring', utmCampaign: null },
  ];
  const row = (line: number, campaign: string, day = '2026-11-20') => ({
    line,
    day,
    campaign,
    amount: 1,
    currency: 'USD',
  });

  it('matches by utm_campaign, then by name ignoring case; a second row for the same day is a duplicate', () => {
    const out = matchCostRows(
      [row(2, 'BLACK_FRIDAY_SALE'), row(3, 'spring'), row(4, 'Black Friday Sale'), row(5, 'Nope')],
      campaigns,
    );
    expect(out.map((r) => [r.line, r.status, 'campaignId' in r ? r.campaignId : null])).toEqual([
      [2, 'matched', 'c1'],
      [3, 'matched', 'c2'],
      [4, 'duplicate', 'c1'],
      [5, 'unmatched', null],
    ]);
    expect(out[2]).toMatchObject({ duplicateOf: 2 });
  });
});
