import type { AttributionModel, AttributionReport, AttributionRow } from '@ocx/contracts';
import { attributionModels } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { buildComparison, DIRECT_LABEL, formatConversions, isEmptyReport } from './attribution-comparison';

const spring = (channel: string, conversions: number, value: number, currency = 'USD'): AttributionRow => ({
  campaignId: 'c1',
  campaignName: 'Spring',
  channel,
  conversions,
  value,
  valueByCurrency: value ? { [currency]: value } : {},
});
const direct = (conversions: number, value: number): AttributionRow => ({
  campaignId: null,
  campaignName: null,
  channel: 'direct',
  conversions,
  value,
  valueByCurrency: value ? { USD: value } : {},
});

/** Two conversions worth 30: first touch gives both to Spring, last touch one each. */
function report(): AttributionReport {
  const models = Object.fromEntries(attributionModels.map((m) => [m, [] as AttributionRow[]])) as Record<
    AttributionModel,
    AttributionRow[]
  >;
  models.first_touch = [spring('paid', 1, 20), spring('email', 1, 10)];
  models.last_touch = [spring('paid', 1, 20), direct(1, 10)];
  models.linear = [spring('paid', 1.5, 25), direct(0.5, 5)];
  return {
    models,
    consent: { visits: 0, withoutConsent: 0, percent: 0 },
    spend: { campaigns: [], networks: [], sources: [] },
  };
}

describe('attribution model comparison', () => {
  it('puts every model side by side per campaign, summing a campaign over its channels', () => {
    const { rows, totals } = buildComparison(report(), 'campaign', 'first_touch');
    expect(rows.map((r) => r.label)).toEqual(['Spring', DIRECT_LABEL]);
    const [springRow, directRow] = rows;
    expect(springRow?.cells.first_touch).toEqual({ conversions: 2, values: { USD: 30 } });
    expect(springRow?.cells.last_touch).toEqual({ conversions: 1, values: { USD: 20 } });
    expect(springRow?.cells.linear).toEqual({ conversions: 1.5, values: { USD: 25 } });
    expect(springRow?.cells.w_shaped).toEqual({ conversions: 0, values: {} });
    expect(directRow?.cells.last_touch).toEqual({ conversions: 1, values: { USD: 10 } });
    expect(totals.first_touch).toEqual({ conversions: 2, values: { USD: 30 } });
    expect(totals.linear).toEqual({ conversions: 2, values: { USD: 30 } });
  });

  it('keeps value credit in different currencies apart, in cells and totals', () => {
    const r = report();
    r.models.first_touch = [spring('paid', 1, 20, 'EUR'), spring('email', 1, 10), direct(1, 5)];
    const { rows, totals, currencies } = buildComparison(r, 'campaign', 'first_touch');
    expect(rows[0]?.cells.first_touch).toEqual({ conversions: 2, values: { EUR: 20, USD: 10 } });
    expect(totals.first_touch).toEqual({ conversions: 3, values: { EUR: 20, USD: 15 } });
    expect(currencies).toEqual(['EUR', 'USD']);
  });

  it('groups per channel across campaigns; a tie goes to the row with more credit elsewhere', () => {
    const { rows } = buildComparison(report(), 'channel', 'last_touch');
    expect(
      rows.map((r) => [r.label, r.cells.last_touch.conversions, r.cells.first_touch.conversions]),
    ).toEqual([
      ['Paid', 1, 1],
      ['Direct', 1, 0],
      ['Email', 0, 1],
    ]);
  });

  it('sorts by the selected model, then by the largest credit under any model', () => {
    const byLinear = buildComparison(report(), 'campaign', 'linear').rows.map((r) => r.label);
    expect(byLinear).toEqual(['Spring', DIRECT_LABEL]);
    const byWShaped = buildComparison(report(), 'channel', 'w_shaped').rows.map((r) => r.label);
    expect(byWShaped).toEqual(['Paid', 'Direct', 'Email']);
  });

  it('names a campaign that was deleted instead of calling it direct', () => {
    const r = report();
    r.models.first_touch = [
      {
        campaignId: 'gone',
        campaignName: null,
        channel: 'paid',
        conversions: 1,
        value: 0,
        valueByCurrency: {},
      },
    ];
    const labels = buildComparison(r, 'campaign', 'first_touch').rows.map((row) => row.label);
    expect(labels).toContain('Deleted campaign');
  });

  it('knows an empty report', () => {
    const empty = {
      models: Object.fromEntries(attributionModels.map((m) => [m, []])),
    } as unknown as AttributionReport;
    expect(isEmptyReport(empty)).toBe(true);
    expect(isEmptyReport(report())).toBe(false);
  });

  it('shows whole conversions without decimals and fractional credit with two', () => {
    expect(formatConversions(1, 'en-US')).toBe('1');
    expect(formatConversions(560.0000001, 'en-US')).toBe('560');
    expect(formatConversions(0.3333333, 'en-US')).toBe('0.33');
    expect(formatConversions(1234.5, 'en-US')).toBe('1,234.50');
    expect(formatConversions(-0.000001, 'en-US')).toBe('0');
    expect(formatConversions(2.999, 'en-US')).toBe('3');
  });
});
