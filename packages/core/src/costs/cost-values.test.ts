import { describe, expect, it } from 'vitest';
import { parseReportAmount, parseReportDay } from './cost-values';

describe('report cells', () => {
  it('reads the date spellings the platforms download', () => {
    expect(parseReportDay('2026-11-05')).toBe('2026-11-05');
    expect(parseReportDay('11/5/2026')).toBe('2026-11-05');
    expect(parseReportDay('Nov 5, 2026')).toBe('2026-11-05');
    expect(parseReportDay('5 November 2026')).toBe('2026-11-05');
    expect(parseReportDay('13/13/2026')).toBeNull();
    expect(parseReportDay('yesterday')).toBeNull();
  });

  it('reads amounts with separators and symbols; "--" is nothing; words are not amounts', () => {
    expect(parseReportAmount('1,234.56')).toBe(1234.56);
    expect(parseReportAmount('$12.00')).toBe(12);
    expect(parseReportAmount('12.00 USD')).toBe(12);
    expect(parseReportAmount('--')).toBe(0);
    expect(parseReportAmount('')).toBe(0);
    expect(parseReportAmount('-5')).toBeNull();
    expect(parseReportAmount('ten')).toBeNull();
  });
});
