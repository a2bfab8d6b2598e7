import { readFileSync } from 'node:fs';
import { CsvFormatError, parseCostReport } from '@ocx/core';
import { describe, expect, it } from 'vitest';

// The sample reports are written from each platform's documented download columns; the browser
// test imports the same files.
const sample = (name: string) =>
  readFileSync(new URL(`../../../../../e2e/fixtures/ad-costs/${name}`, import.meta.url), 'utf8');

describe('parseCostReport on each platform’s daily campaign report', () => {
  it('reads a Google Ads download: skips the title and date lines above the header and the Total rows', () => {
    const report = parseCostReport(sample('google-ads-campaign-report.csv'));
    expect(report.layout).toBe('google_ads');
    expect(report.rows).toEqual([
      { line: 4, day: '2026-11-20', campaign: 'black_friday_sale', amount: 40, currency: 'USD' },
      { line: 5, day: '2026-11-21', campaign: 'black_friday_sale', amount: 1060.5, currency: 'USD' },
      { line: 6, day: '2026-11-21', campaign: 'Brand Search', amount: 12.34, currency: 'USD' },
    ]);
  });

  it('reads a Meta Ads Manager export: the currency from "Amount spent (EUR)", one day per row', () => {
    const report = parseCostReport(sample('meta-ads-campaign-report.csv'));
    expect(report.layout).toBe('meta_ads');
    expect(report.rows.map((r) => [r.line, r.day, r.campaign, r.amount, r.currency])).toEqual([
      [2, '2026-11-20', 'Spring Retargeting', 25.5, 'EUR'],
      [3, '2026-11-21', 'Spring Retargeting', 19.25, 'EUR'],
      [4, '2026-11-21', 'Unknown Meta Campaign', 3, 'EUR'],
    ]);
  });

  it('reads a Microsoft Ads report: skips its metadata lines and © footer, US dates become ISO', () => {
    const report = parseCostReport(sample('microsoft-ads-campaign-report.csv'));
    expect(report.layout).toBe('microsoft_ads');
    expect(report.rows.map((r) => [r.line, r.day, r.campaign, r.amount, r.currency])).toEqual([
      [12, '2026-11-20', 'Black Friday Sale', 15, 'USD'],
      [13, '2026-11-21', 'black_friday_sale', 16.5, 'USD'],
      [14, '2026-11-21', 'Black Friday Sale', 16.5, 'USD'],
    ]);
  });

  it('refuses a malformed file naming the line of the first bad cell', () => {
    expect(() => parseCostReport(sample('malformed-cost.csv'))).toThrow(
      new CsvFormatError(3, '"4O.00" in the Cost column is not an amount'),
    );
    expect(() => parseCostReport(sample('malformed-cost.csv'))).toThrow(/^Line 3: /);
  });
});
