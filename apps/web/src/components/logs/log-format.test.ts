import { describe, expect, it } from 'vitest';
import {
  conversionTypeColor,
  formatAmounts,
  formatBytes,
  formatCredit,
  formatMoney,
  shortId,
} from './log-format';

describe('log cell formats', () => {
  it('shows the first 8 characters of a visitor id and an ellipsis', () => {
    expect(shortId('v_1234567890abcdef')).toBe('v_123456…');
    expect(shortId('12345678')).toBe('12345678');
  });

  it("formats a value in the row's currency, and '-' without a value", () => {
    expect(formatMoney(49.9, 'USD', 'en-US')).toBe('$49.90');
    expect(formatMoney(1234.5, 'EUR', 'en-US')).toBe('€1,234.50');
    expect(formatMoney(0, 'USD', 'en-US')).toBe('$0.00');
    expect(formatMoney(null, 'USD', 'en-US')).toBe('-');
  });

  it("shows sums in several currencies a line each, in the view's order, and zero in its first currency without any", () => {
    // Amounts are exact to their minor unit: 0.001 KWD is an amount, a GBP sum of 0 is none.
    const sums = { USD: 20, EUR: 1234.5, GBP: 0, CAD: 3, AUD: 7, KWD: 0.001 };
    expect(formatAmounts(sums, [], 'en-US')).toEqual([
      '€1,234.50',
      '$20.00',
      'A$7.00',
      'CA$3.00',
      'KWD\u00a00.001',
    ]);
    expect(formatAmounts(sums, ['USD', 'CAD'], 'en-US')).toEqual([
      '$20.00',
      'CA$3.00',
      '€1,234.50',
      'A$7.00',
      'KWD\u00a00.001',
    ]);
    expect(formatAmounts({}, ['EUR'], 'en-US')).toEqual(['€0.00']);
    expect(formatAmounts({}, [], 'en-US')).toEqual(['$0.00']);
  });

  it('falls back to USD for an empty currency and to the code after the number for an unknown one', () => {
    expect(formatMoney(5, '', 'en-US')).toBe('$5.00');
    expect(formatMoney(5, 'POINTS', 'en-US')).toBe('5.00 POINTS');
  });

  it('shows credit as a percentage with at most one decimal', () => {
    expect(formatCredit(1, 'en-US')).toBe('100%');
    expect(formatCredit(1 / 3, 'en-US')).toBe('33.3%');
    expect(formatCredit(0, 'en-US')).toBe('0%');
  });

  it('colours revenue green, lead orange and other conversions blue', () => {
    expect([
      conversionTypeColor('revenue'),
      conversionTypeColor('lead'),
      conversionTypeColor('standard'),
    ]).toEqual(['green', 'orange', 'blue']);
  });

  it('reports export progress in B, KB and MB', () => {
    expect([formatBytes(512), formatBytes(2048), formatBytes(3 * 1024 * 1024)]).toEqual([
      '512 B',
      '2.0 KB',
      '3.0 MB',
    ]);
  });
});
