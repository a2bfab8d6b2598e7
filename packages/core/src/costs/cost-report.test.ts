import { describe, expect, it } from 'vitest';
import { parseCostReport } from './cost-report';

describe('parseCostReport', () => {
  it('refuses a Meta row that covers a week: the report must be broken down by day', () => {
    const csv =
      'Reporting starts,Reporting ends,Campaign name,Amount spent (USD)\n2026-11-01,2026-11-07,A,10\n';
    expect(() => parseCostReport(csv)).toThrow(/^Line 2: the row covers 2026-11-01 to 2026-11-07/);
  });

  it('uses the chosen currency when the report has no currency column, and asks for one otherwise', () => {
    const csv = 'Day,Campaign,Cost\n2026-11-20,A,"1,000"\n';
    expect(parseCostReport(csv, 'JPY').rows[0]).toMatchObject({ amount: 1000, currency: 'JPY' });
    expect(() => parseCostReport(csv)).toThrow(
      'Line 2: the report names no currency: choose the currency of its costs',
    );
  });

  it('refuses a file without a recognisable header, an invalid date and an unclosed quote, each with its line', () => {
    expect(() => parseCostReport('Name,Value\nA,1\n')).toThrow(
      /^Line 1: no header with a day, a campaign and a cost column/,
    );
    expect(() => parseCostReport('Day,Campaign,Currency code,Cost\n2026-02-30,A,USD,1\n')).toThrow(
      'Line 2: "2026-02-30" in the Day column is not a date',
    );
    expect(() => parseCostReport('Day,Campaign,Currency code,Cost\n2026-02-03,"A,USD,1\n')).toThrow(
      'Line 2: a quoted cell is never closed',
    );
    expect(() => parseCostReport('Day,Campaign,Currency code,Cost\n')).toThrow(
      'Line 1: the report has a header but no rows of spend',
    );
  });

  it('reads tab-separated downloads and quoted cells with line breaks, counting lines from the file', () => {
    const tsv = 'Day\tCampaign\tCurrency code\tCost\n2026-11-20\tA\tusd\t12.5\n';
    expect(parseCostReport(tsv).rows).toEqual([
      { line: 2, day: '2026-11-20', campaign: 'A', amount: 12.5, currency: 'USD' },
    ]);
    const multi = 'Day,Campaign,Currency code,Cost\n2026-11-20,"Two\nlines",USD,1\n2026-11-21,B,USD,x\n';
    expect(() => parseCostReport(multi)).toThrow('Line 4: "x" in the Cost column is not an amount');
  });
});
